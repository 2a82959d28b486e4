import { useState } from 'react';
import { videoErrorText } from './logic.js';

/** A video message; when the browser cannot play it, the reason shows instead (spec section 8). */
export function VideoBody({ url, onLinkError }: { url: string; onLinkError: (url: string) => void }) {
  const [error, setError] = useState<{ text: string; detail: string } | null>(null);
  // The browser's own wording (often technical) stays in the tooltip.
  if (error) return <span className="text video-error" title={error.detail}>{error.text}</span>;
  return (
    <video src={url} controls width={240} preload="metadata"
      onError={(e) => {
        setError({ text: videoErrorText(e.currentTarget.error), detail: e.currentTarget.error?.message ?? '' });
        onLinkError(url);
      }} />
  );
}
