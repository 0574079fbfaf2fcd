/**
 * Conditions as data: domain code says what must hold of an item (`and(exists(), absent('deletedAt'),
 * eq('sequence', 3))`) and the builders of write.ts spell it as a DynamoDB condition expression,
 * with the attribute names and values as placeholders. The only place outside ElectroDB where a
 * condition expression is written.
 */

/** Collects the placeholders of one expression (names shared by every clause of the item). */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byAttribute = new Map<string, string>();

  name(attribute: string): string {
    let placeholder = this.byAttribute.get(attribute);
    if (!placeholder) {
      placeholder = `#n${this.byAttribute.size}`;
      this.byAttribute.set(attribute, placeholder);
      this.names[placeholder] = attribute;
    }
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The names and values for a command (each left out when empty, as DynamoDB requires). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** What must hold of an item for a write to land. */
export interface Condition {
  readonly write: (p: Placeholders) => string;
}

const condition = (write: (p: Placeholders) => string): Condition => ({ write });
const compare = (op: string) => (attribute: string, value: unknown): Condition => condition((p) => `${p.name(attribute)} ${op} ${p.value(value)}`);

/** The attribute is there (by default `pk`: the item exists). */
export const exists = (attribute = 'pk'): Condition => condition((p) => `attribute_exists(${p.name(attribute)})`);
/** The attribute is not there (by default `pk`: the item does not exist). */
export const absent = (attribute = 'pk'): Condition => condition((p) => `attribute_not_exists(${p.name(attribute)})`);
export const eq = compare('=');
export const ne = compare('<>');
export const lt = compare('<');
export const le = compare('<=');
export const gt = compare('>');
/** The attribute holds one of `values`. */
export const oneOf = (attribute: string, values: readonly unknown[]): Condition =>
  condition((p) => `${p.name(attribute)} IN (${values.map((v) => p.value(v)).join(', ')})`);

/** Every one of the conditions (undefined ones are left out). */
export function and(...conditions: (Condition | undefined)[]): Condition {
  const all = conditions.filter((c): c is Condition => !!c);
  return condition((p) => all.map((c) => (all.length > 1 ? `(${c.write(p)})` : c.write(p))).join(' AND '));
}

export function or(...conditions: Condition[]): Condition {
  return condition((p) => conditions.map((c) => (conditions.length > 1 ? `(${c.write(p)})` : c.write(p))).join(' OR '));
}

export const not = (c: Condition): Condition => condition((p) => `NOT (${c.write(p)})`);

/** The item exists and is not soft-deleted. */
export const live = (): Condition => and(exists(), absent('deletedAt'));
