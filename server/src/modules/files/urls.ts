import type { Config } from '../../config.js';

/** Where a stored file is fetched from: the server itself by default, the bucket's public URL with S3. */
export function fileUrl(config: Config, storageKey: string): string {
  if (config.s3) return `${config.s3.publicUrl}/${storageKey}`;
  return `${config.publicUrl}/api/files/${storageKey.split('/').map(encodeURIComponent).join('/')}`;
}
