import { useState } from 'react';
import { RATING_DEFAULT, surveyPayload } from './logic.js';

type CustomPayload = { data: string; description: string; extension: string };

/** The rating survey: 1–5 (default 5) with a suggestion, sent as a custom message. */
export function RatingForm({ onSend, onCancel }: { onSend: (p: CustomPayload) => void; onCancel: () => void }) {
  const [score, setScore] = useState(RATING_DEFAULT);
  const [suggestion, setSuggestion] = useState('');
  return (
    <form className="create inline-form" aria-label="评价" onSubmit={(e) => {
      e.preventDefault();
      onSend(surveyPayload(score, suggestion));
    }}>
      <div className="stars" role="radiogroup" aria-label="评分">
        {[1, 2, 3, 4, 5].map((n) => (
          <button key={n} type="button" role="radio" aria-checked={score === n} aria-label={`${n} 分`} className={n <= score ? 'on' : ''} onClick={() => setScore(n)}>★</button>
        ))}
      </div>
      <label>建议<textarea value={suggestion} onChange={(e) => setSuggestion(e.target.value)} /></label>
      <div className="actions"><button type="submit" className="primary">提交</button><button type="button" onClick={onCancel}>取消</button></div>
    </form>
  );
}
