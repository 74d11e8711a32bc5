// A destructive action that asks once more, in place: the first press turns the button
// into the question, with the way back focused (never the destructive answer).
import { useId, useState } from 'react';
import { Button } from './button.tsx';
import { useFocusOnMount } from './focus.ts';

export function ConfirmInPlace({
  action,
  question,
  confirm,
  keep,
  onConfirm,
}: {
  /** The button's words before it asks. */
  action: string;
  question: string;
  confirm: string;
  keep: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        {action}
      </Button>
    );
  }
  return (
    <Question
      question={question}
      confirm={confirm}
      keep={keep}
      onConfirm={onConfirm}
      onKeep={() => setAsking(false)}
    />
  );
}

function Question({
  question,
  confirm,
  keep,
  onConfirm,
  onKeep,
}: {
  question: string;
  confirm: string;
  keep: string;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const id = useId();
  const keepRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div role="group" aria-labelledby={id} className="flex flex-wrap items-center gap-2">
      <span id={id} className="text-sm font-semibold">
        {question}
      </span>
      <Button variant="danger" size="sm" onClick={onConfirm}>
        {confirm}
      </Button>
      <Button ref={keepRef} variant="neutral" size="sm" onClick={onKeep}>
        {keep}
      </Button>
    </div>
  );
}
