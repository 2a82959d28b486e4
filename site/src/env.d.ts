/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * Origin of the API for server-side rendering, e.g. http://127.0.0.1:8080. Set per request by
     * the API server that mounts the site (server/src/http/site.ts, from config.publicUrl).
     * Under `astro dev` it is absent and ZP_API_URL is used instead.
     */
    apiBase?: string;
  }
}
