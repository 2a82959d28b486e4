import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '@zp/core/element';
import { rtcApi } from '@zp/core/routes';
import { $session, api } from '@zp/core/session';
import { configureRtc, rtcEntry, type RtcEntry } from '@zp/rtc-sdk/provider';
import type { RtcRoomInfo } from '@zp/core/contract';
import { rtcRoomFullMsg } from '@zp/core/rules/interview';
import { DeviceCheck } from './DeviceCheck.js';
import { Room, type Ended } from './Room.js';
import { MSG, errorText, isSessionExpired, loadDevicePrefs, roomFullFor, saveDevicePrefs, validRoomId, wasJoined, type DevicePrefs } from './logic.js';

/** The room shown before the server assigns a real one (spec: default room id 888888). */
export const DEFAULT_ROOM_ID = '888888';

export type VideoRoomProps = WidgetProps<'room-id'>;

type Phase =
  | { name: 'loading' }
  | { name: 'check'; entry: RtcEntry; info: RtcRoomInfo }
  | { name: 'room'; entry: RtcEntry; info: RtcRoomInfo; prefs: DevicePrefs; key: number }
  | { name: 'ended'; ended: Ended; expired?: boolean };

/**
 * <zp-video-room room-id="…" api-base="…">: the multi-party interview room. Checks the room, then
 * the devices, then enters (Room); after leaving or being removed it says why and offers to enter
 * again. A reload of the page while inside enters again at once, without the device check.
 */
export function VideoRoom({ roomId: roomAttribute, apiBase, host }: VideoRoomProps) {
  const roomId = roomAttribute || DEFAULT_ROOM_ID;
  // apiBase: the api-base attribute or the script's origin on a partner page, from defineWidget (which configures the API client).
  const session = useStore($session);
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // '重新进入房间' goes straight in with the devices chosen before.
  const rejoin = useRef(false);
  const valid = validRoomId(roomId) !== null;

  useEffect(() => {
    if (!apiBase) return;
    configureRtc({ apiBase });
  }, [apiBase]);

  // Before any device is asked for: may this person enter, is the room open, can this browser do it?
  useEffect(() => {
    if (!session || !valid) return;
    let live = true;
    setPhase({ name: 'loading' });
    void (async () => {
      try {
        const [info, entry] = await Promise.all([api.call(rtcApi.roomInfo, { query: { channelId: Number(roomId) } }), rtcEntry()]);
        if (!live) return;
        if (info.data.ended) return setPhase({ name: 'ended', ended: { text: MSG.roomEnded, rejoin: false } });
        // A full room says so before the device check opens the camera; trying again later may find a place.
        if (roomFullFor(info.data, session.userId)) return setPhase({ name: 'ended', ended: { text: rtcRoomFullMsg(info.data.capacity), rejoin: true } });
        const support = await entry.TRTC.isSupported();
        if (!live) return;
        if (!support.result) return setPhase({ name: 'ended', ended: { text: MSG.unsupported, rejoin: false } });
        if (wasJoined(roomId) || rejoin.current) setPhase({ name: 'room', entry, info: info.data, prefs: loadDevicePrefs(), key: Date.now() });
        else setPhase({ name: 'check', entry, info: info.data });
      } catch (error) {
        if (live) setPhase({ name: 'ended', ended: { text: errorText(error), rejoin: !isSessionExpired(error) }, expired: isSessionExpired(error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [session?.userId, roomId, attempt]);

  const siteOrigin = apiBase.replace(/\/$/, '');
  const header = (
    <header>
      <h2>视频通话</h2>
      <span className="room-id">房间号 {roomId}</span>
    </header>
  );

  if (!session) {
    return (
      <section className="room">
        {header}
        <div className="notice" role="alert">
          <p>{MSG.expired}</p>
          <a className="primary" href={`${siteOrigin}/zppc/public/login?id=1&redirect=${encodeURIComponent(typeof location === 'undefined' ? '' : location.pathname + location.search)}`}>去登录</a>
        </div>
      </section>
    );
  }
  if (!valid) {
    return (
      <section className="room">
        {header}
        <div className="notice" role="alert"><p>{MSG.badRoom}</p></div>
      </section>
    );
  }
  if (phase.name === 'room') {
    return (
      <Room
        key={phase.key}
        entry={phase.entry}
        roomId={roomId}
        info={phase.info}
        session={session}
        prefs={phase.prefs}
        siteOrigin={siteOrigin}
        onEnded={(ended) => {
          setPhase({ name: 'ended', ended, expired: ended.text === MSG.expired });
          host.dispatchEvent(new CustomEvent('zp-video-room-ended', { detail: { roomId, text: ended.text }, bubbles: true, composed: true }));
        }}
      />
    );
  }
  return (
    <section className="room">
      {header}
      {phase.name === 'loading' ? (
        <div className="notice" role="status"><span className="spinner" aria-hidden="true" />正在准备房间…</div>
      ) : phase.name === 'check' ? (
        <DeviceCheck
          initial={loadDevicePrefs()}
          onJoin={(prefs) => {
            saveDevicePrefs(prefs);
            setPhase({ name: 'room', entry: phase.entry, info: phase.info, prefs, key: Date.now() });
          }}
        />
      ) : (
        <div className="notice" role="alert">
          <p>{phase.ended.text}</p>
          {phase.expired ? (
            <a className="primary" href={`${siteOrigin}/zppc/public/login?id=${session.roleId === 'hr' ? 2 : 1}`}>重新登录</a>
          ) : phase.ended.rejoin ? (
            <button type="button" className="primary" onClick={() => {
              rejoin.current = true;
              setAttempt((n) => n + 1);
            }}>重新进入房间</button>
          ) : null}
        </div>
      )}
    </section>
  );
}
