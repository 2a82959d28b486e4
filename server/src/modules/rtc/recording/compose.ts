/**
 * One playable file from a recording's per-stream files: Janus writes each person's audio and
 * video as .mjr (its RTP dump); janus-pp-rec (Debian's janus-tools) turns each into Opus or WebM,
 * and ffmpeg puts the pictures side by side (a grid beyond two) with everyone's sound mixed, as
 * an MP4 (H.264 and AAC) that every browser plays.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface StreamFile {
  kind: 'audio' | 'video';
  file: string;
}

/** The .mjr files Janus wrote for recording `prefix` (its file names start with it). */
export async function streamsOf(dir: string, prefix: string): Promise<StreamFile[]> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith('.mjr'))
    .sort()
    .map((n) => ({ kind: /-audio(-\d+)?\.mjr$/.test(n) ? ('audio' as const) : ('video' as const), file: path.join(dir, n) }));
}

function run(cmd: string, args: string[], onLine?: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (onLine) for (const line of d.split('\n')) onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      tail = (tail + d).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${tail}`))));
  });
}

/** A grid for n pictures of w×h: where each goes (xstack's layout) and the canvas size. */
function grid(n: number, w: number, h: number) {
  const cols = Math.ceil(Math.sqrt(n));
  const layout = Array.from({ length: n }, (_, i) => `${(i % cols) * w}_${Math.floor(i / cols) * h}`).join('|');
  return { layout, cols, rows: Math.ceil(n / cols) };
}

const TILE_W = 480;
const TILE_H = 360;

/**
 * Converts and composes; `progress` gets 0–100 as ffmpeg goes (against `seconds`, the recording's
 * length). Returns the MP4's path, in `work`.
 */
export async function compose(streams: StreamFile[], work: string, seconds: number, progress: (percent: number) => void): Promise<string> {
  await fs.promises.mkdir(work, { recursive: true });
  const videos: string[] = [];
  const audios: string[] = [];
  for (const [i, s] of streams.entries()) {
    const out = path.join(work, `${i}.${s.kind === 'audio' ? 'opus' : 'webm'}`);
    try {
      await run('janus-pp-rec', [s.file, out]);
    } catch {
      // A stream that carried nothing (a camera never on) leaves an empty dump: skipped.
      continue;
    }
    if ((await fs.promises.stat(out).catch(() => null))?.size) (s.kind === 'audio' ? audios : videos).push(out);
  }
  if (!videos.length && !audios.length) throw new Error('no stream of the recording could be read');
  const inputs = [...videos, ...audios].flatMap((f) => ['-i', f]);
  const filters: string[] = [];
  const maps: string[] = [];
  if (videos.length) {
    for (let i = 0; i < videos.length; i++) {
      filters.push(`[${i}:v]scale=${TILE_W}:${TILE_H}:force_original_aspect_ratio=decrease,pad=${TILE_W}:${TILE_H}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=15[v${i}]`);
    }
    if (videos.length === 1) filters.push('[v0]null[v]');
    else filters.push(`${videos.map((_, i) => `[v${i}]`).join('')}xstack=inputs=${videos.length}:layout=${grid(videos.length, TILE_W, TILE_H).layout}:fill=black[v]`);
    maps.push('-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p');
  }
  if (audios.length) {
    const first = videos.length;
    filters.push(`${audios.map((_, i) => `[${first + i}:a]`).join('')}amix=inputs=${audios.length}:duration=longest:normalize=0[a]`);
    maps.push('-map', '[a]', '-c:a', 'aac', '-b:a', '96k');
  }
  const out = path.join(work, 'recording.mp4');
  const total = Math.max(1, seconds) * 1_000_000;
  await run('ffmpeg', ['-y', '-v', 'error', ...inputs, '-filter_complex', filters.join(';'), ...maps, '-movflags', '+faststart', '-progress', 'pipe:1', out], (line) => {
    const m = /^out_time_us=(\d+)/.exec(line);
    if (m) progress(Math.min(99, Math.floor((Number(m[1]) / total) * 100)));
  });
  return out;
}

/** The file's length in seconds (ffprobe). */
export async function durationOf(file: string): Promise<number> {
  let text = '';
  await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], (line) => {
    if (line.trim()) text = line.trim();
  });
  return Math.round(Number(text) || 0);
}
