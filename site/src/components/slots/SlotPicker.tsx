/**
 * Slots grouped by Beijing day, as choices: several (the HR picks which to offer in an invitation)
 * or one (the seeker books). Each shows its time, how it is held and the places left.
 */
import { beijingDateTime } from '@zp/core/dates';
import { SLOT_MODES, slotDayText, type SlotMode } from '@zp/core/rules/slots';
import './slots.css';

export interface PickableSlot {
  id: string;
  startsMs: number;
  minutes: number;
  mode: SlotMode;
  address: string;
  /** places left */
  left: number;
}

export function SlotPicker({ slots, selected, onChange, multiple, name }: { slots: PickableSlot[]; selected: string[]; onChange: (ids: string[]) => void; multiple?: boolean; name: string }) {
  const days = new Map<string, PickableSlot[]>();
  for (const x of slots) days.set(slotDayText(x.startsMs), [...(days.get(slotDayText(x.startsMs)) ?? []), x]);
  const toggle = (id: string, on: boolean) => onChange(multiple ? (on ? [...selected, id] : selected.filter((x) => x !== id)) : [id]);
  return (
    <div className="slot-picker">
      {[...days].map(([day, list]) => (
        <fieldset key={day} className="slot-day" style={{ border: 0, padding: 0, minWidth: 0 }}>
          <legend className="slot-day__title">{day}</legend>
          <ul className="slot-grid">
            {list.map((x) => {
              const { time } = beijingDateTime(x.startsMs);
              const end = beijingDateTime(x.startsMs + x.minutes * 60_000).time;
              return (
                <li key={x.id}>
                  <label className="slot-choice" title={x.address || undefined}>
                    <input type={multiple ? 'checkbox' : 'radio'} name={name} value={x.id} checked={selected.includes(x.id)} onChange={(e) => toggle(x.id, e.target.checked)} />
                    <span className="slot-choice__time">
                      {time}–{end}
                    </span>
                    <span className="slot-choice__meta">
                      {SLOT_MODES[x.mode]} · 余 {x.left} 位
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
