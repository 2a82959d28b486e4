import { build } from 'esbuild';
import { brotliCompressSync, gzipSync } from 'node:zlib';
const r = await build({ entryPoints: ['src/__probe.ts'], bundle: true, format: 'esm', platform: 'browser', target: 'es2020', minify: true, write: false, metafile: true, define: { 'process.env.NODE_ENV': '"production"' }, legalComments: 'none' });
const code = r.outputFiles[0].contents;
console.log('min', code.length, 'gz', gzipSync(code, {level:9}).length, 'br', brotliCompressSync(code).length);
const o = Object.values(r.metafile.outputs)[0];
for (const [k, v] of Object.entries(o.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,14)) console.log(v.bytesInOutput, k.replace(/.*node_modules\//,''));
