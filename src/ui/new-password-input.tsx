/**
 * A field for a password being set (a new one, or the same typed again): a password input whose
 * browser and password manager know it is new (autocomplete="new-password", so they offer to
 * generate and save one rather than fill the old one). Every screen that sets a password uses it.
 */
import { RuleTextInput, type RuleTextInputProps } from './rule-text-input';

type Props = Omit<RuleTextInputProps, 'password' | 'autoComplete' | 'label'> & {
  /** "Mật khẩu mới" unless said ("Nhập lại mật khẩu mới"). */
  label?: string;
};

export function NewPasswordInput({ label = 'Mật khẩu mới', ...props }: Props) {
  return <RuleTextInput {...props} label={label} password autoComplete="new-password" />;
}
