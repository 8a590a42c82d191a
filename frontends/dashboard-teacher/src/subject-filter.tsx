import { useId } from 'react';
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
