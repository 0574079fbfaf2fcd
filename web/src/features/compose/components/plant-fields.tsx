/** A plant's details as a form: used when listing a plant and when editing one. */
import { AVAILABILITY_CHOICES } from '@shared/content-rules';
import { plantDetails, type PlantDetails } from '@shared/schemas/posts';
import { SelectField, TextArea, TextField } from '@/components/form/fields';
import { checkInput } from '@/components/form/check-input';
import { labelServerMessage, type FieldErrors, type Labels } from '@/components/form/messages';

export interface PlantValues {
  commonName: string;
  botanicalName: string;
  careNotes: string;
  size: string;
  price: string;
  swapTerms: string;
  availability: string;
}

export type PlantKey = keyof PlantValues;

export const EMPTY_PLANT: PlantValues = {
  commonName: '',
  botanicalName: '',
  careNotes: '',
  size: '',
  price: '',
  swapTerms: '',
  availability: AVAILABILITY_CHOICES[0],
};

export const PLANT_LABELS = {
  commonName: 'Common name',
  botanicalName: 'Botanical name',
  careNotes: 'Care notes',
  size: 'Size',
  price: 'Price',
  swapTerms: 'Swap terms',
  availability: 'Availability',
} satisfies Record<PlantKey, string>;

const OPTIONAL_KEYS = ['botanicalName', 'careNotes', 'size', 'price', 'swapTerms'] as const;

/** The details as the API takes them: optional fields left out when empty. */
export function plantInput(values: PlantValues): Record<string, string> {
  const out: Record<string, string> = { commonName: values.commonName.trim(), availability: values.availability.trim() };
  for (const key of OPTIONAL_KEYS) {
    const value = values[key].trim();
    if (value) out[key] = value;
  }
  return out;
}

export function plantValues(plant: PlantDetails | null | undefined): PlantValues {
  if (!plant) return { ...EMPTY_PLANT };
  return {
    commonName: plant.commonName ?? '',
    botanicalName: plant.botanicalName ?? '',
    careNotes: plant.careNotes ?? '',
    size: plant.size ?? '',
    price: plant.price ?? '',
    swapTerms: plant.swapTerms ?? '',
    availability: plant.availability || AVAILABILITY_CHOICES[0],
  };
}

/** Checks the details with the shared schema: the parsed details, or errors keyed by field. */
export function checkPlant(values: PlantValues): { ok: true; data: PlantDetails } | { ok: false; errors: FieldErrors } {
  return checkInput(plantDetails, plantInput(values), PLANT_LABELS as Labels);
}

/** A server error about `plant.commonName` belongs to the commonName field. */
export function plantErrorField(field: string | undefined): PlantKey | null {
  if (!field) return null;
  const key = field.replace(/^plant\./, '').split('.')[0] ?? '';
  return key in PLANT_LABELS ? (key as PlantKey) : null;
}

/** The server's message about a plant detail, worded with the form's label ("plant.price must…" → "Price must…"). */
export function plantServerMessage(field: string, message: string, key: PlantKey): string {
  const label = PLANT_LABELS[key];
  const named = labelServerMessage(field, message, label);
  return named !== message ? named : labelServerMessage(field.replace(/^plant\./, ''), message, label);
}

interface Bound {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}

export function PlantFields({ field, disabled = false }: { field: (name: PlantKey) => Bound; disabled?: boolean }) {
  const availability = field('availability');
  const choices: string[] = [...AVAILABILITY_CHOICES];
  if (availability.value && !choices.includes(availability.value)) choices.unshift(availability.value);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={PLANT_LABELS.commonName} {...field('commonName')} maxLength={80} disabled={disabled} required aria-required="true" className="sm:col-span-1" />
      <TextField label={PLANT_LABELS.botanicalName} {...field('botanicalName')} maxLength={120} disabled={disabled} optional />
      <SelectField
        label={PLANT_LABELS.availability}
        {...availability}
        options={choices.map((c) => ({ value: c, label: c }))}
        disabled={disabled}
        className="sm:col-span-2"
      />
      <TextField label={PLANT_LABELS.size} {...field('size')} maxLength={60} disabled={disabled} optional placeholder="e.g. 15 cm pot" />
      <TextField label={PLANT_LABELS.price} {...field('price')} maxLength={60} disabled={disabled} optional placeholder="e.g. $10 or a cutting" />
      <TextField label={PLANT_LABELS.swapTerms} {...field('swapTerms')} maxLength={300} disabled={disabled} optional className="sm:col-span-2" />
      <TextArea label={PLANT_LABELS.careNotes} {...field('careNotes')} maxLength={2000} rows={3} disabled={disabled} optional className="sm:col-span-2" />
    </div>
  );
}
