/**
 * The state of a form built on RuleTextInput (./rule-text-input.tsx): its values, the messages the
 * server (or a whole-form check) gave per field, a setter that clears a field's message once it is
 * edited, and the props a text field needs. Shared by the customer and employee forms; and
 * validateRuleInputs, the submit's check of every field (the reset-password dialog's too).
 */
import { useState } from 'react';
import type { Rule } from './input-rules';
import type { RuleInputHandle } from './rule-text-input';

/** The keys of V whose values are text. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

export function useRuleForm<V extends object, R extends { [K in TextKeys<V>]?: readonly Rule[] }>(initial: V, rules: R) {
  const [values, setValues] = useState<V>(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const field = key as string;
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

  /** Value, change, rules and the server's message of a text field that has rules. */
  const textProps = (field: keyof R & TextKeys<V>) => ({
    value: values[field] as string,
    onChange: (value: string) => set(field, value as V[typeof field]),
    rules: rules[field],
    error: serverErrors[field as string],
  });

  return { values, setValues, serverErrors, setServerErrors, set, textProps };
}

/** Runs every field's rules so each bad field shows its message; the caret goes to the first bad one. */
export function validateRuleInputs(handles: readonly (RuleInputHandle | null)[]): boolean {
  const passed = handles.map((handle) => handle?.validate() ?? true);
  const firstBad = handles.find((_handle, index) => !passed[index]);
  firstBad?.focus();
  return firstBad === undefined;
}
