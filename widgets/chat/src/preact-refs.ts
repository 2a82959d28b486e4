// Only in the bundle (build.mjs serves React through preact/compat). React 19 hands `ref` to
// function components as a prop (@zp/ui's Button relies on it); Preact keeps it aside and would
// give the ref the component instance. Moving it into props, as preact/compat already does for
// forwardRef components, makes `ref` on a function component reach the element again.
import { options, type VNode } from 'preact';

const previous = options.vnode;
// Its props as this hook sees them: any component's, with the ref moved in.
options.vnode = (vnode: VNode<{ ref?: VNode['ref'] }>) => {
  const type = vnode.type as unknown;
  if (typeof type === 'function' && !(type as { prototype?: { render?: unknown } }).prototype?.render && vnode.ref) {
    vnode.props.ref = vnode.ref;
    vnode.ref = null as never;
  }
  previous?.(vnode);
};
