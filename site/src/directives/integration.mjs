// Registers client:session (src/directives/session.ts) with Astro.
export default function sessionDirective() {
  return {
    name: 'zp-session-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'session', entrypoint: new URL('./session.ts', import.meta.url).pathname });
      },
    },
  };
}
