// Local capture and playback: getUserMedia constraints from TRTC's options, and the <video>
// elements that show a track in the caller's view.
import { DEFAULT_VIDEO_PROFILE, ERROR_CODE, VIDEO_PROFILES, type VideoProfile } from './constants.js';
import { RtcError } from './errors.js';
import type { LocalAudioConfig, LocalVideoConfig, View } from './types.js';

export function videoConstraints(option: LocalVideoConfig['option'] = {}, fnName = 'startLocalVideo'): MediaTrackConstraints {
  const profile = resolveProfile(option.profile, fnName);
  const constraints: MediaTrackConstraints = {
    width: { ideal: profile.width },
    height: { ideal: profile.height },
    frameRate: { ideal: profile.frameRate },
  };
  if (option.cameraId) constraints.deviceId = { exact: option.cameraId };
  else if (option.useFrontCamera !== undefined) constraints.facingMode = option.useFrontCamera ? 'user' : 'environment';
  return constraints;
}

export function audioConstraints(option: LocalAudioConfig['option'] = {}): MediaTrackConstraints {
  const constraints: MediaTrackConstraints = {};
  if (option.microphoneId) constraints.deviceId = { exact: option.microphoneId };
  if (option.echoCancellation !== undefined) constraints.echoCancellation = option.echoCancellation !== false;
  if (option.autoGainControl !== undefined) constraints.autoGainControl = option.autoGainControl;
  if (option.noiseSuppression !== undefined) constraints.noiseSuppression = option.noiseSuppression;
  return constraints;
}

/** A profile by name from the camera's table (or the screen's), or the one given. */
export function resolveProfile(
  profile: string | VideoProfile | undefined,
  fnName: string,
  table: Readonly<Record<string, VideoProfile>> = VIDEO_PROFILES,
  fallback: VideoProfile = VIDEO_PROFILES[DEFAULT_VIDEO_PROFILE],
): VideoProfile {
  if (profile === undefined) return fallback;
  if (typeof profile !== 'string') return profile;
  const known = table[profile];
  if (!known) {
    throw new RtcError({
      code: ERROR_CODE.INVALID_PARAMETER,
      fnName,
      message: `不支持的视频规格：${profile}`,
    });
  }
  return known;
}

/** The elements a view names; an id that matches nothing is a caller error. */
export function viewElements(view: View, fnName: string): HTMLElement[] {
  if (view === null || view === undefined) return [];
  if (Array.isArray(view)) return view;
  if (typeof view !== 'string') return [view];
  const element = document.getElementById(view);
  if (!element) {
    throw new RtcError({ code: ERROR_CODE.INVALID_PARAMETER, fnName, message: `找不到 id 为 ${view} 的播放区域` });
  }
  return [element];
}

export interface PlayOptions {
  fillMode?: 'contain' | 'cover' | 'fill';
  mirror?: boolean;
  /** Called once, when the first frame is shown in any of the elements. */
  onFirstFrame?: (video: HTMLVideoElement) => void;
}

/**
 * Shows the track in each element; returns the function that removes the players again. The
 * players are always muted: a microphone is never echoed, and remote sound plays through its own
 * audio element (remote audio needs no view in trtc-sdk-v5).
 */
export function play(track: MediaStreamTrack, elements: HTMLElement[], { fillMode = 'cover', mirror = false, onFirstFrame }: PlayOptions) {
  let first = !!onFirstFrame;
  const players = elements.map((container) => {
    const video = document.createElement('video');
    video.autoplay = true;
    video.muted = true; // muted also allows autoplay
    video.playsInline = true;
    video.style.cssText = `width:100%;height:100%;object-fit:${fillMode};${mirror ? 'transform:scaleX(-1);' : ''}`;
    video.srcObject = new MediaStream([track]);
    if (first) {
      video.addEventListener(
        'loadeddata',
        () => {
          if (!first) return;
          first = false;
          onFirstFrame!(video);
        },
        { once: true },
      );
    }
    container.append(video);
    // Muted autoplay is always allowed; play() only rejects when the player is removed meanwhile.
    void video.play()?.catch(() => {});
    return video;
  });
  return () => {
    for (const video of players) {
      video.srcObject = null;
      video.remove();
    }
  };
}

/** Settings of speaker output shared by every instance (TRTC.setCurrentSpeaker is static). */
export const speaker = { id: '', players: new Set<HTMLAudioElement>() };

/**
 * Plays a remote member's sound without a view. `blocked` is called when the browser's autoplay
 * policy refuses (no user gesture on the page yet), with the function that tries again.
 */
export function playAudio(track: MediaStreamTrack, blocked: (resume: () => Promise<void>) => void) {
  const audio = document.createElement('audio');
  audio.autoplay = true;
  audio.srcObject = new MediaStream([track]);
  if (speaker.id) void audio.setSinkId?.(speaker.id).catch(() => {});
  speaker.players.add(audio);
  const start = () => audio.play();
  start()?.catch((error: unknown) => {
    if ((error as Error)?.name === 'NotAllowedError') blocked(start);
  });
  return {
    audio,
    remove() {
      speaker.players.delete(audio);
      audio.pause();
      audio.srcObject = null;
    },
  };
}
