/**
 * Before entering: the camera's picture, the microphone's level, and pickers for camera,
 * microphone and speaker (remembered in localStorage for next time). Uses the browser's media
 * APIs directly, so it runs before either SDK is loaded and works the same for both.
 */
import { useEffect, useRef, useState } from 'react';
import { MSG, deviceErrorText, peakLevel, pickDevice, type DevicePrefs } from './logic.js';
import { DevicePick, useDeviceLists, type DeviceKey } from './DevicePick.js';

export interface DeviceCheckProps {
  initial: DevicePrefs;
  onJoin: (prefs: DevicePrefs) => void;
}

const stopAll = (stream: MediaStream | null) => {
  for (const t of stream?.getTracks() ?? []) t.stop();
};

let toneUrl = '';
/** A short 440 Hz tone as a WAV file, to try the speaker. */
function tone(): string {
  if (toneUrl) return toneUrl;
  const rate = 8000;
  const n = rate * 0.6;
  const buffer = new ArrayBuffer(44 + n);
  const v = new DataView(buffer);
  const text = (at: number, s: string) => {
    for (const [i, c] of [...s].entries()) v.setUint8(at + i, c.charCodeAt(0));
  };
  text(0, 'RIFF');
  v.setUint32(4, 36 + n, true);
  text(8, 'WAVEfmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, rate, true);
  v.setUint32(28, rate, true);
  v.setUint16(32, 1, true);
  v.setUint16(34, 8, true);
  text(36, 'data');
  v.setUint32(40, n, true);
  for (let i = 0; i < n; i++) {
    const fade = Math.min(1, i / 400, (n - i) / 400);
    v.setUint8(44 + i, 128 + Math.round(60 * fade * Math.sin((2 * Math.PI * 440 * i) / rate)));
  }
  toneUrl = URL.createObjectURL(new Blob([buffer], { type: 'audio/wav' }));
  return toneUrl;
}

export function DeviceCheck({ initial, onJoin }: DeviceCheckProps) {
  const [prefs, setPrefs] = useState(initial);
  // What to open: the remembered devices, then what the person picks (not what a device reports,
  // which would open the same camera again).
  const [open, setOpen] = useState({ cameraId: initial.cameraId, microphoneId: initial.microphoneId });
  const { cameras, microphones, speakers, refresh: listDevices } = useDeviceLists();
  const [cameraError, setCameraError] = useState('');
  const [micError, setMicError] = useState('');
  const [level, setLevel] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const streams = useRef<{ video: MediaStream | null; audio: MediaStream | null }>({ video: null, audio: null });
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  const supported = !!media?.getUserMedia;

  // The camera's picture; opened again when another camera is chosen.
  useEffect(() => {
    if (!supported) return;
    let live = true;
    media!
      .getUserMedia({ video: open.cameraId ? { deviceId: open.cameraId, width: 640, height: 480 } : { width: 640, height: 480 } })
      .then((stream) => {
        if (!live) return stopAll(stream);
        streams.current.video = stream;
        if (video.current) video.current.srcObject = stream;
        setCameraError('');
        const id = stream.getVideoTracks()[0]?.getSettings().deviceId;
        if (id) setPrefs((p) => ({ ...p, cameraId: id }));
        listDevices();
      })
      .catch((error) => live && setCameraError(deviceErrorText(error)));
    return () => {
      live = false;
      stopAll(streams.current.video);
      streams.current.video = null;
    };
  }, [open.cameraId]);

  // The microphone's level, measured by an AnalyserNode a few times a second.
  useEffect(() => {
    if (!supported) return;
    let live = true;
    let context: AudioContext | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    media!
      .getUserMedia({ audio: open.microphoneId ? { deviceId: open.microphoneId } : true })
      .then((stream) => {
        if (!live) return stopAll(stream);
        streams.current.audio = stream;
        setMicError('');
        const id = stream.getAudioTracks()[0]?.getSettings().deviceId;
        if (id) setPrefs((p) => ({ ...p, microphoneId: id }));
        listDevices();
        const Context = globalThis.AudioContext;
        if (!Context) return;
        context = new Context();
        const analyser = context.createAnalyser();
        analyser.fftSize = 1024;
        context.createMediaStreamSource(stream).connect(analyser);
        const samples = new Float32Array(analyser.fftSize);
        timer = setInterval(() => {
          analyser.getFloatTimeDomainData(samples);
          setLevel(peakLevel(samples));
        }, 100);
      })
      .catch((error) => live && setMicError(deviceErrorText(error)));
    return () => {
      live = false;
      clearInterval(timer);
      void context?.close().catch(() => {});
      stopAll(streams.current.audio);
      streams.current.audio = null;
      setLevel(0);
    };
  }, [open.microphoneId]);

  const speakerId = pickDevice(prefs.speakerId, speakers);

  const trySpeaker = async () => {
    const audio = new Audio(tone());
    try {
      if (speakerId) await (audio as HTMLAudioElement & { setSinkId(id: string): Promise<void> }).setSinkId(speakerId);
      await audio.play();
    } catch {
      // the test sound is a courtesy; entering does not depend on it
    }
  };

  const join = () => {
    // The camera is freed before the SDK opens it (some systems give a camera to one user at a time).
    stopAll(streams.current.video);
    stopAll(streams.current.audio);
    onJoin({ ...prefs, speakerId });
  };

  const select = (label: string, id: string, list: MediaDeviceInfo[], value: string, key: DeviceKey) => (
    <DevicePick label={label} id={id} list={list} value={value} onPick={(value) => {
      setPrefs((p) => ({ ...p, [key]: value }));
      if (key !== 'speakerId') setOpen((o) => ({ ...o, [key]: value }));
    }} />
  );

  if (!supported) {
    return (
      <div className="check">
        <p className="error" role="alert">{MSG.unsupported}</p>
      </div>
    );
  }
  return (
    <div className="check" role="group" aria-label="设备检测">
      <h3>进入房间前，请检查摄像头和麦克风</h3>
      <div className="check-body">
        <div className="preview">
          <video ref={video} autoPlay muted playsInline aria-label="摄像头画面预览" />
          {cameraError ? <div className="mask">{MSG.cameraOff}</div> : null}
        </div>
        <div className="check-side">
          {select('摄像头', 'vr-camera', cameras, pickDevice(prefs.cameraId, cameras), 'cameraId')}
          {select('麦克风', 'vr-mic', microphones, pickDevice(prefs.microphoneId, microphones), 'microphoneId')}
          <div className="level" role="meter" aria-label="麦克风音量" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)}>
            <span style={{ width: `${Math.round(level * 100)}%` }} />
          </div>
          {speakers.length ? (
            <div className="speaker">
              {select('扬声器', 'vr-speaker', speakers, speakerId, 'speakerId')}
              <button type="button" onClick={() => void trySpeaker()}>试听</button>
            </div>
          ) : (
            <button type="button" className="try" onClick={() => void trySpeaker()}>试听扬声器</button>
          )}
          {cameraError || micError ? <p className="error" role="alert">{cameraError || micError}</p> : null}
          <button type="button" className="primary join" onClick={join}>
            {cameraError || micError ? '仍然进入房间' : '进入房间'}
          </button>
        </div>
      </div>
    </div>
  );
}
