import { useId, useState, type FormEvent } from 'react';
import { useUpdateLead } from '@/api/leads/update-lead.ts';
import { LeadFormProblem } from './lead-form-problem.tsx';
import { describeLeadProblem } from './lead-problem.ts';
import styles from './inbox.module.css';

const maxNote = 5000;

/** Adds a note; what was typed stays in the box until the server has it, whatever goes wrong on the way. */
export function LeadNoteForm({ leadId }: { leadId: string }) {
  const id = useId();
  const update = useUpdateLead();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (text === '') {
      setProblem('Write the note first: it is empty.');
      return;
    }
    if (text.length > maxNote) {
      setProblem(`The note has ${text.length} characters; shorten it to ${maxNote} or fewer.`);
      return;
    }
    setProblem(undefined);
    update.mutate(
      { id: leadId, update: { note: text } },
      {
        onSuccess: () => setNote(''),
        onError: (error) => setProblem(describeLeadProblem(error, 'Adding the note')),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-note`}>
        Add a note
      </label>
      <textarea
        id={`${id}-note`}
        rows={4}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <LeadFormProblem id={`${id}-problem`} problem={problem} />
      <div aria-live="polite">{update.isSuccess && !problem && <p>Note added.</p>}</div>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Adding…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}
