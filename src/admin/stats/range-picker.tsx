import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { customRangeProblem, rangePresets, type RangeChoice } from './stats-range.ts';
import styles from './stats-dashboard.module.css';

interface RangePickerProps {
  choice: RangeChoice;
  today: string;
}

/** The range of the figures: three presets as links, or two days typed; both kept in the address. */
export function RangePicker({ choice, today }: RangePickerProps) {
  const navigate = useNavigate();
  const problemId = useId();
  // A problem found on submit; one in the address (a hand-edited link) shows until the next valid choice.
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  const problem = typedProblem ?? choice.problem;

  function showDays(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    const found = customRangeProblem(from, to, today);
    setTypedProblem(found);
    if (found === null) void navigate(`?${new URLSearchParams({ from, to })}`);
  }

  return (
    <div className={styles.picker}>
      <div role="group" aria-label="Range" className={styles.presets}>
        {rangePresets.map((preset) => (
          <Link
            key={preset.id}
            to={`?range=${preset.id}`}
            className={styles.preset}
            aria-current={choice.preset === preset.id ? 'true' : undefined}
            onClick={() => setTypedProblem(null)}
          >
            {preset.label}
          </Link>
        ))}
      </div>
      <form
        className={styles.custom}
        onSubmit={showDays}
        aria-label="Custom range"
        noValidate
        // Fresh fields when the address changes (a preset, Back), so that they always show the range on screen.
        key={`${choice.from}/${choice.to}`}
      >
        <DayField label="First day" name="from" day={choice.from} max={today} problemId={problem ? problemId : null} />
        <DayField label="Last day" name="to" day={choice.to} max={today} problemId={problem ? problemId : null} />
        <button type="submit" className="button button-secondary">
          Show these days
        </button>
        {problem && (
          <p id={problemId} role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </form>
    </div>
  );
}

interface DayFieldProps {
  label: string;
  name: string;
  day: string;
  max: string;
  /** The id of the problem with the range, when there is one. */
  problemId: string | null;
}

/** One end of the custom range: a day no later than today. */
function DayField({ label, name, day, max, problemId }: DayFieldProps) {
  return (
    <label>
      <span>{label}</span>
      <input
        type="date"
        name={name}
        defaultValue={day}
        max={max}
        aria-invalid={problemId !== null}
        aria-describedby={problemId ?? undefined}
      />
    </label>
  );
}
