import type { Config } from '../../config.js';

/** A storage key as a URL path (each segment encoded, the slashes kept). */
export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * The server's own address of a stored file, also when the bytes live in a bucket (the server
 * checks who asks, then serves them or sends the asker on to a presigned bucket link).
 */
export function serverFileUrl(config: Config, storageKey: string): string {
  return `${config.publicUrl}/api/files/${encodeKey(storageKey)}`;
}

/** Where a stored file is fetched from: the server itself by default, the bucket's public URL with S3. */
export function fileUrl(config: Config, storageKey: string): string {
  if (config.s3) return `${config.s3.publicUrl}/${storageKey}`;
  return serverFileUrl(config, storageKey);
}

/** The storage key inside a URL that fileUrl made (on this server or the bucket); null for any other URL. */
export function keyFromUrl(config: Config, url: string): string | null {
  let rest: string | null = null;
  const clean = url.split(/[?#]/)[0];
  if (config.s3 && clean.startsWith(`${config.s3.publicUrl}/`)) rest = clean.slice(config.s3.publicUrl.length + 1);
  else {
    // the site may reach the server under another origin (a proxy): the path is what counts
    const i = clean.indexOf('/api/files/');
    if (i >= 0) rest = clean.slice(i + '/api/files/'.length);
  }
  if (!rest) return null;
  try {
    return rest.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}
