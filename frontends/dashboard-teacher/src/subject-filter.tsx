import { useSearchParams } from 'react-router-dom';
import type { Subject } from '@academy/contracts';
import { SelectField } from '@academy/ui';

/** The teacher's subject filter ('All my subjects' or one), shared by Weekly Content and Submissions (both keep it in ?subject=). */
export function SubjectFilter({ subjects, value, onChange }: { subjects: readonly Subject[]; value: string; onChange: (subjectId: string) => void }) {
  const options = [{ value: '', label: 'All my subjects' }, ...subjects.map((s) => ({ value: s.id, label: `${s.name} — ${s.programName}` }))];
  return <SelectField label="Subject" fieldClassName="max-w-sm" value={value} options={options} onValueChange={onChange} />;
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
