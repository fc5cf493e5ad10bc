import { useId, useState, type FormEvent } from 'react';
import { useUpdateLead } from '@/api/leads/update-lead.ts';
import type { LeadStatus } from '@/content/types.gen.ts';
import { LeadFormProblem } from './lead-form-problem.tsx';
import { describeLeadProblem } from './lead-problem.ts';
import { statusLabels, statuses } from './lead-labels.ts';
import styles from './inbox.module.css';

/** Moves a lead along its pipeline; the choice stays selected if saving fails. */
export function LeadStatusForm({ leadId, status }: { leadId: string; status: LeadStatus }) {
  const id = useId();
  const update = useUpdateLead();
  const [chosen, setChosen] = useState(status);
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    update.mutate(
      { id: leadId, update: { status: chosen } },
      { onError: (error) => setProblem(describeLeadProblem(error, 'Changing the status', 'Your choice is kept.')) },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={`${id}-status`}>Status</label>
      <select
        id={`${id}-status`}
        value={chosen}
        onChange={(event) => setChosen(event.target.value as LeadStatus)}
        aria-describedby={problem ? `${id}-problem` : undefined}
      >
        {statuses.map((each) => (
          <option key={each} value={each}>
            {statusLabels[each]}
          </option>
        ))}
      </select>
      <LeadFormProblem id={`${id}-problem`} problem={problem} />
      <div aria-live="polite">
        {update.isSuccess && !problem && <p>Status saved: {statusLabels[update.data.status]}.</p>}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={update.isPending || chosen === status}>
          Save status
        </button>
      </div>
    </form>
  );
}
