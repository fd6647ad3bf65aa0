// The reason a decision carries, in a review dialog: a text area named by its label (shown above it,
// or, where the dialog's text already says what it is for, only read out), at most the action's
// declared length (MAX_DECISION_REASON_LENGTH unless told) with its count shown. The dialog focuses
// it through `fieldRef`.
import { Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useId, type Ref } from 'react';
import { MAX_DECISION_REASON_LENGTH } from '../../contracts/list-declaration';

interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  fieldRef?: Ref<TextAreaRef>;
  isRequired?: boolean;
  maxLength?: number;
  /** Shown above the field (the default), or only its accessible name. */
  isLabelShown?: boolean;
  /** The id of the text that describes the field. */
  describedBy?: string;
  placeholder?: string;
  rows?: number;
}

export function ReasonField({
  label,
  value,
  onChange,
  fieldRef,
  isRequired = false,
  maxLength = MAX_DECISION_REASON_LENGTH,
  isLabelShown = true,
  describedBy,
  placeholder,
  rows = 3,
}: ReasonFieldProps) {
  const id = useId();
  return (
    <>
      {isLabelShown ? <label htmlFor={id}>{label}</label> : null}
      <Input.TextArea
        id={id}
        ref={fieldRef}
        aria-label={isLabelShown ? undefined : label}
        aria-describedby={describedBy}
        placeholder={placeholder}
        rows={rows}
        maxLength={maxLength}
        showCount
        value={value}
        required={isRequired}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
