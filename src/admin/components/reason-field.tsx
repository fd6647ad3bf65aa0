// The reason a decline carries, in a review dialog: a text area named by its visible label, at most
// the action's declared length (MAX_DECISION_REASON_LENGTH unless told) with its count shown. The
// dialog focuses it through `fieldRef`.
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
}

export function ReasonField({ label, value, onChange, fieldRef, isRequired = false, maxLength = MAX_DECISION_REASON_LENGTH }: ReasonFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <Input.TextArea
        id={id}
        ref={fieldRef}
        rows={3}
        maxLength={maxLength}
        showCount
        value={value}
        required={isRequired}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
