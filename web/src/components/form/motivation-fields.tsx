/** Why someone joins: a group of checkboxes over the shared list (MOTIVATIONS). */
import { MOTIVATIONS } from '@shared/constants';
import { Checkbox, Fieldset } from '@/components/form/fields';
import { MOTIVATION_LABELS } from '@/lib/motivations';

export function MotivationFields({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  return (
    <Fieldset legend="What brings you here?" hint="Pick any; others see them on your profile." error={error}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {MOTIVATIONS.map((m) => (
          <Checkbox
            key={m}
            name={`motivation-${m}`}
            label={MOTIVATION_LABELS[m]}
            checked={value.includes(m)}
            onCheckedChange={(on) => onChange(on ? [...value.filter((x) => x !== m), m] : value.filter((x) => x !== m))}
          />
        ))}
      </div>
    </Fieldset>
  );
}
