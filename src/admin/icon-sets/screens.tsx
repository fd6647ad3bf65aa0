// The icons only some screens show: they load with those screens, not with the back-office's first one.
import {
  ArrowLeftOutlined as ArrowLeftIcon,
  CalendarOutlined as CalendarIcon,
  CarOutlined as CarIcon,
  CheckCircleOutlined as CheckCircleIcon,
  CoffeeOutlined as CoffeeIcon,
  DeleteOutlined as DeleteIcon,
  DesktopOutlined as DesktopIcon,
  DollarOutlined as DollarIcon,
  DownOutlined as DownIcon,
  DownloadOutlined as DownloadIcon,
  EditOutlined as EditIcon,
  EnvironmentOutlined as EnvironmentIcon,
  EyeOutlined as EyeIcon,
  GlobalOutlined as GlobalIcon,
  HeartOutlined as HeartIcon,
  LoadingOutlined as LoadingIcon,
  ReloadOutlined as ReloadIcon,
  RotateLeftOutlined as RotateLeftIcon,
  RotateRightOutlined as RotateRightIcon,
  SaveOutlined as SaveIcon,
  SearchOutlined as SearchIcon,
  SendOutlined as SendIcon,
  SkinOutlined as SkinIcon,
  StarFilled as StarFilledIcon,
  SwapOutlined as SwapIcon,
  ThunderboltOutlined as ThunderboltIcon,
  UndoOutlined as UndoIcon,
  UpOutlined as UpIcon,
  WifiOutlined as WifiIcon,
  ZoomInOutlined as ZoomInIcon,
  ZoomOutOutlined as ZoomOutIcon,
} from '@ant-design/icons';
import { decorative } from './decorative';
import { CloseOutlined, LeftOutlined, RightOutlined } from './frame';

export const ArrowLeftOutlined = /* @__PURE__ */ decorative(ArrowLeftIcon);
export const CalendarOutlined = /* @__PURE__ */ decorative(CalendarIcon);
export const CarOutlined = /* @__PURE__ */ decorative(CarIcon);
export const CheckCircleOutlined = /* @__PURE__ */ decorative(CheckCircleIcon);
export const CoffeeOutlined = /* @__PURE__ */ decorative(CoffeeIcon);
export const DeleteOutlined = /* @__PURE__ */ decorative(DeleteIcon);
export const DesktopOutlined = /* @__PURE__ */ decorative(DesktopIcon);
export const DollarOutlined = /* @__PURE__ */ decorative(DollarIcon);
export const DownOutlined = /* @__PURE__ */ decorative(DownIcon);
export const DownloadOutlined = /* @__PURE__ */ decorative(DownloadIcon);
export const EditOutlined = /* @__PURE__ */ decorative(EditIcon);
export const EnvironmentOutlined = /* @__PURE__ */ decorative(EnvironmentIcon);
export const EyeOutlined = /* @__PURE__ */ decorative(EyeIcon);
export const GlobalOutlined = /* @__PURE__ */ decorative(GlobalIcon);
export const HeartOutlined = /* @__PURE__ */ decorative(HeartIcon);
export const LoadingOutlined = /* @__PURE__ */ decorative(LoadingIcon);
export const ReloadOutlined = /* @__PURE__ */ decorative(ReloadIcon);
export const RotateLeftOutlined = /* @__PURE__ */ decorative(RotateLeftIcon);
export const RotateRightOutlined = /* @__PURE__ */ decorative(RotateRightIcon);
export const SaveOutlined = /* @__PURE__ */ decorative(SaveIcon);
export const SearchOutlined = /* @__PURE__ */ decorative(SearchIcon);
export const SendOutlined = /* @__PURE__ */ decorative(SendIcon);
export const SkinOutlined = /* @__PURE__ */ decorative(SkinIcon);
export const StarFilled = /* @__PURE__ */ decorative(StarFilledIcon);
export const SwapOutlined = /* @__PURE__ */ decorative(SwapIcon);
export const ThunderboltOutlined = /* @__PURE__ */ decorative(ThunderboltIcon);
export const UndoOutlined = /* @__PURE__ */ decorative(UndoIcon);
export const UpOutlined = /* @__PURE__ */ decorative(UpIcon);
export const WifiOutlined = /* @__PURE__ */ decorative(WifiIcon);
export const ZoomInOutlined = /* @__PURE__ */ decorative(ZoomInIcon);
export const ZoomOutOutlined = /* @__PURE__ */ decorative(ZoomOutIcon);

/** A number field's step buttons with hidden icons (src/admin/components/number-input.tsx hides the buttons too). */
export const NUMBER_CONTROLS = { upIcon: <UpOutlined />, downIcon: <DownOutlined /> };

const LOADING = { icon: <LoadingOutlined /> };

/**
 * A button's `loading`: antd's own spinner is an icon named "loading", which would make the busy
 * button read "loading Save"; this one is hidden, so the button keeps its name.
 */
export function buttonLoading(isLoading: boolean): false | typeof LOADING {
  return isLoading ? LOADING : false;
}

/** The photo preview's icons (antd's would be read as "rotate-left", "zoom-in", "left"...), all hidden. */
export const IMAGE_PREVIEW_ICONS = {
  rotateLeft: <RotateLeftOutlined />,
  rotateRight: <RotateRightOutlined />,
  zoomIn: <ZoomInOutlined />,
  zoomOut: <ZoomOutOutlined />,
  close: <CloseOutlined />,
  left: <LeftOutlined />,
  right: <RightOutlined />,
  flipX: <SwapOutlined />,
  flipY: <SwapOutlined rotate={90} />,
};
