// Makes client:session known to the Astro compiler's types (an augmentation: this file is a module).
export {};
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at once when logged in, otherwise on first pointer-over, focus or touch (session.ts). */
    'client:session'?: boolean;
  }
}
