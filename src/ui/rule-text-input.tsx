// Spec §5 text input: rules run in order on blur, the first message is the error, required rules put a
// red asterisk on the label, default maximum length 524288. The 45 px height (product-spec.md §9) comes from the
// app theme's TextInput/PasswordInput styles (src/app/theme.ts), so it is not repeated here.
import { PasswordInput, TextInput, type TextInputProps } from '@mantine/core';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import { isRequired, type Rule, validate } from './input-rules';

export type { Rule } from './input-rules';

/** The HTML default maximum length of an input, kept by the spec. */
export const DEFAULT_MAX_LENGTH = 524288;

/** What a form gets through `ref`: check a field on submit and move the caret to the first bad one. */
export interface RuleInputHandle {
  /** Runs the rules now, shows the first error, and returns true when the value passes. */
  validate: () => boolean;
  focus: () => void;
}

// Styles API props are typed per component and differ between TextInput and PasswordInput, so they are
// left out of the passthrough; restyle through the theme instead.
type SharedInputProps = Omit<TextInputProps, 'pointer' | 'classNames' | 'styles' | 'vars' | 'attributes'>;
type PassthroughProps = Omit<SharedInputProps, 'value' | 'defaultValue' | 'onChange' | 'ref'>;

export interface RuleTextInputProps extends PassthroughProps {
  value: string;
  onChange: (value: string) => void;
  rules?: readonly Rule[];
  /** Render a PasswordInput (with its show/hide toggle) instead of a TextInput. */
  password?: boolean;
  ref?: Ref<RuleInputHandle>;
}

const NO_RULES: readonly Rule[] = [];

export function RuleTextInput({
  value,
  onChange,
  rules = NO_RULES,
  password = false,
  maxLength = DEFAULT_MAX_LENGTH,
  error,
  withAsterisk,
  onBlur,
  ref,
  ...rest
}: RuleTextInputProps) {
  const [ruleError, setRuleError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const check = (): boolean => {
    const message = validate(value, rules);
    setRuleError(message);
    return message === null;
  };

  useImperativeHandle(ref, () => ({ validate: check, focus: () => inputRef.current?.focus() }));

  const props: SharedInputProps = {
    ...rest,
    ref: inputRef,
    value,
    maxLength,
    // A rule's message wins over an error passed in: it describes what the user typed last.
    error: ruleError ?? error,
    withAsterisk: withAsterisk ?? isRequired(rules),
    onChange: (event) => {
      // The old message no longer describes the new text; the rules run again on blur.
      if (ruleError !== null) setRuleError(null);
      onChange(event.currentTarget.value);
    },
    onBlur: (event) => {
      check();
      onBlur?.(event);
    },
  };

  // PasswordInput does not mark its input invalid by itself, and its toggle's label is English.
  return password ? (
    <PasswordInput
      {...props}
      aria-invalid={Boolean(ruleError ?? error) || undefined}
      visibilityToggleButtonProps={{ 'aria-label': 'Hiện hoặc ẩn mật khẩu' }}
    />
  ) : (
    <TextInput {...props} />
  );
}
