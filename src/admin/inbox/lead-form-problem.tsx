import { Alert } from '../ui/alert.tsx';

/** What went wrong with a lead's form, under the field it names by `id` (its `aria-describedby`). */
export function LeadFormProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <div id={id}>
      <Alert>
        <p>{problem}</p>
      </Alert>
    </div>
  );
}
