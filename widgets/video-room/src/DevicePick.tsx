/**
 * Picking a camera, microphone or speaker: one labelled list, used by the device check before
 * entering and by 设备设置 inside the room. The lists come from the browser
 * (enumerateDevices), so both work the same whichever SDK carries the call.
 */
import { useEffect, useState } from 'react';
import type { DevicePrefs } from './logic.js';

/** Whether this browser can send sound to a chosen output (HTMLMediaElement.setSinkId). */
const canPickSpeaker = () => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  /** empty where the browser cannot choose an output */
  speakers: MediaDeviceInfo[];
  /** reads the lists again (after a device was opened, labels become known) */
  refresh: () => void;
}

/** The devices plugged in now, read again whenever one is plugged or unplugged. */
export function useDeviceLists(): DeviceLists {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  const refresh = () => {
    media?.enumerateDevices().then(setDevices, () => {});
  };
  useEffect(() => {
    if (!media) return;
    refresh();
    media.addEventListener?.('devicechange', refresh);
    return () => media.removeEventListener?.('devicechange', refresh);
  }, []);
  const of = (kind: MediaDeviceKind) => devices.filter((d) => d.kind === kind && d.deviceId);
  return { cameras: of('videoinput'), microphones: of('audioinput'), speakers: canPickSpeaker() ? of('audiooutput') : [], refresh };
}

export interface DevicePickProps {
  /** 摄像头, 麦克风 or 扬声器: the label, and the name in 未检测到… */
  label: string;
  id: string;
  list: MediaDeviceInfo[];
  value: string;
  onPick: (deviceId: string) => void;
}

export function DevicePick({ label, id, list, value, onPick }: DevicePickProps) {
  return (
    <label className="pick" htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} disabled={!list.length} onChange={(e) => onPick(e.target.value)}>
        {list.length ? list.map((d, i) => <option key={d.deviceId} value={d.deviceId}>{d.label || `${label} ${i + 1}`}</option>) : <option value="">未检测到{label}</option>}
      </select>
    </label>
  );
}

export type DeviceKey = keyof DevicePrefs;
