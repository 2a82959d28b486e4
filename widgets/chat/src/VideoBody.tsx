import { useState } from 'react';
import { videoErrorText } from './logic.js';

/** A video message; when the browser cannot play it, the reason shows instead (spec section 8). */
export function VideoBody({ url, onLinkError }: { url: string; onLinkError: (url: string) => void }) {
  const [error, setError] = useState<{ text: string; detail: string } | null>(null);
  // The browser's own wording (often technical) stays in the tooltip.
  if (error) return <span className="text video-error" title={error.detail}>{error.text}</span>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a video message is the file its sender uploaded, with no caption file to offer (an empty <track> would only add a dead CC control)
    <video src={url} controls width={240} preload="metadata"
      onError={(e) => {
        setError({ text: videoErrorText(e.currentTarget.error), detail: e.currentTarget.error?.message ?? '' });
        onLinkError(url);
      }} />
  );
}
