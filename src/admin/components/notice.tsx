// antd's Alert with its type's icon hidden from assistive technology: the message says what the icon
// shows, so a screen reader reads "Could not load the staff", not "close-circle Could not load the
// staff" (antd's own icon is an image named by its file name). An icon given instead comes from
// src/admin/icons.tsx, hidden already.
import { Alert, type AlertProps } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '../icons';

const TYPE_ICONS = { success: CheckCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled } as const;

export function Notice({ type = 'info', ...props }: AlertProps) {
  const TypeIcon = TYPE_ICONS[type];
  return <Alert type={type} icon={<TypeIcon />} {...props} />;
}
