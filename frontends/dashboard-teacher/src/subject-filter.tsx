import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Subject } from '@academy/contracts';
import { Label, NativeSelect } from '@academy/ui';

/** The teacher's subject filter ('All my subjects' or one), shared by Weekly Content and Submissions (both keep it in ?subject=). */
export function SubjectFilter({ subjects, value, onChange }: { subjects: readonly Subject[]; value: string; onChange: (subjectId: string) => void }) {
  const id = useId();
  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={id}>Subject</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All my subjects</option>
        {subjects.map((s) => (
          <option key={s.id} value={s.id}>
            {`${s.name} — ${s.programName}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The filter's subject as the address holds it (?subject=<id>, null for all), and how to choose another (the address is replaced, not pushed). */
export function useSubjectParam(): [string | null, (subjectId: string) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (subjectId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (subjectId) next.set('subject', subjectId);
        else next.delete('subject');
        return next;
      },
      { replace: true },
    );
  return [params.get('subject'), choose];
}
