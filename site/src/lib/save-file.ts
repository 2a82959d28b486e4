/**
 * Saves bytes the page holds as a file under `name`, in this tab (no navigation, no pop-up): the
 * résumé downloads, 我的数据 and the interview's calendar file. The browser has taken the bytes
 * once the click is handled; the object URL is freed a little later.
 */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
