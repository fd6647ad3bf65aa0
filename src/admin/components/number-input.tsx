import { InputNumber, type InputNumberProps } from 'antd';
import { useLayoutEffect, useRef, type Ref } from 'react';
import { NUMBER_CONTROLS } from '../icons';

type NumberInputProps = Omit<InputNumberProps, 'controls'> & { ref?: Ref<HTMLInputElement> };

/**
 * antd's number field, whose step buttons are left to the mouse. They answer only a mouse press (a
 * screen reader's click does nothing) and rc-input-number names them "Increase Value" and "Decrease
 * Value" in English whatever the language, so they are hidden from assistive technology; the field
 * itself is a spinbutton whose arrow keys step the value.
 */
export function NumberInput({ ref, ...props }: NumberInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  // The step buttons come and go (a read-only field has none): look again after each render.
  useLayoutEffect(() => {
    input.current?.closest('.ant-input-number')?.querySelector('.ant-input-number-handler-wrap')?.setAttribute('aria-hidden', 'true');
  });
  return (
    <InputNumber
      {...props}
      controls={NUMBER_CONTROLS}
      ref={(node) => {
        input.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
    />
  );
}
