// The back-office's icons, all decorative: each renders with aria-hidden, so a button, link, tab or
// menu entry is named by its own text ("Refresh"), never by the icon's file name ("reload Refresh").
// An icon-only control names itself with aria-label. Lint allows @ant-design/icons only here.
import {
  ArrowLeftOutlined as ArrowLeftIcon,
  CalendarOutlined as CalendarIcon,
  CarOutlined as CarIcon,
  CheckCircleOutlined as CheckCircleIcon,
  CoffeeOutlined as CoffeeIcon,
  CloseCircleFilled as CloseCircleFilledIcon,
  CloseOutlined as CloseIcon,
  CommentOutlined as CommentIcon,
  DashboardOutlined as DashboardIcon,
  DatabaseOutlined as DatabaseIcon,
  DeleteOutlined as DeleteIcon,
  DesktopOutlined as DesktopIcon,
  DollarOutlined as DollarIcon,
  DownOutlined as DownIcon,
  DownloadOutlined as DownloadIcon,
  EditOutlined as EditIcon,
  EllipsisOutlined as EllipsisIcon,
  EnvironmentOutlined as EnvironmentIcon,
  GiftOutlined as GiftIcon,
  GlobalOutlined as GlobalIcon,
  HeartOutlined as HeartIcon,
  HistoryOutlined as HistoryIcon,
  HomeFilled as HomeFilledIcon,
  HomeOutlined as HomeIcon,
  LaptopOutlined as LaptopIcon,
  LeftOutlined as LeftIcon,
  LoadingOutlined as LoadingIcon,
  LogoutOutlined as LogoutIcon,
  MenuOutlined as MenuIcon,
  MessageOutlined as MessageIcon,
  ReloadOutlined as ReloadIcon,
  RightOutlined as RightIcon,
  RotateLeftOutlined as RotateLeftIcon,
  RotateRightOutlined as RotateRightIcon,
  SafetyOutlined as SafetyIcon,
  SaveOutlined as SaveIcon,
  SearchOutlined as SearchIcon,
  ScheduleOutlined as ScheduleIcon,
  SendOutlined as SendIcon,
  SkinOutlined as SkinIcon,
  StarFilled as StarFilledIcon,
  SwapOutlined as SwapIcon,
  TeamOutlined as TeamIcon,
  ThunderboltOutlined as ThunderboltIcon,
  UndoOutlined as UndoIcon,
  UnorderedListOutlined as UnorderedListIcon,
  UpOutlined as UpIcon,
  UserOutlined as UserIcon,
  WifiOutlined as WifiIcon,
  ZoomInOutlined as ZoomInIcon,
  ZoomOutOutlined as ZoomOutIcon,
} from '@ant-design/icons';
import type { ComponentProps } from 'react';

type AntdIcon = typeof ReloadIcon;
export type IconProps = ComponentProps<AntdIcon>;

/** The icon, hidden from assistive technology whatever the caller passes. */
function decorative(Icon: AntdIcon) {
  const Decorative = (props: IconProps) => <Icon {...props} aria-hidden="true" aria-label={undefined} />;
  Decorative.displayName = Icon.displayName;
  return Decorative;
}

export const ArrowLeftOutlined = decorative(ArrowLeftIcon);
export const CalendarOutlined = decorative(CalendarIcon);
export const CarOutlined = decorative(CarIcon);
export const CheckCircleOutlined = decorative(CheckCircleIcon);
export const CloseCircleFilled = decorative(CloseCircleFilledIcon);
export const CloseOutlined = decorative(CloseIcon);
export const CoffeeOutlined = decorative(CoffeeIcon);
export const CommentOutlined = decorative(CommentIcon);
export const DashboardOutlined = decorative(DashboardIcon);
export const DatabaseOutlined = decorative(DatabaseIcon);
export const DeleteOutlined = decorative(DeleteIcon);
export const DesktopOutlined = decorative(DesktopIcon);
export const DollarOutlined = decorative(DollarIcon);
export const DownOutlined = decorative(DownIcon);
export const DownloadOutlined = decorative(DownloadIcon);
export const EditOutlined = decorative(EditIcon);
export const EllipsisOutlined = decorative(EllipsisIcon);
export const EnvironmentOutlined = decorative(EnvironmentIcon);
export const GiftOutlined = decorative(GiftIcon);
export const GlobalOutlined = decorative(GlobalIcon);
export const HeartOutlined = decorative(HeartIcon);
export const HistoryOutlined = decorative(HistoryIcon);
export const HomeFilled = decorative(HomeFilledIcon);
export const HomeOutlined = decorative(HomeIcon);
export const LaptopOutlined = decorative(LaptopIcon);
export const LeftOutlined = decorative(LeftIcon);
export const LoadingOutlined = decorative(LoadingIcon);
export const LogoutOutlined = decorative(LogoutIcon);
export const MenuOutlined = decorative(MenuIcon);
export const MessageOutlined = decorative(MessageIcon);
export const ReloadOutlined = decorative(ReloadIcon);
export const RightOutlined = decorative(RightIcon);
export const RotateLeftOutlined = decorative(RotateLeftIcon);
export const RotateRightOutlined = decorative(RotateRightIcon);
export const SafetyOutlined = decorative(SafetyIcon);
export const SaveOutlined = decorative(SaveIcon);
export const SearchOutlined = decorative(SearchIcon);
export const ScheduleOutlined = decorative(ScheduleIcon);
export const SendOutlined = decorative(SendIcon);
export const SkinOutlined = decorative(SkinIcon);
export const StarFilled = decorative(StarFilledIcon);
export const SwapOutlined = decorative(SwapIcon);
export const TeamOutlined = decorative(TeamIcon);
export const ThunderboltOutlined = decorative(ThunderboltIcon);
export const UndoOutlined = decorative(UndoIcon);
export const UnorderedListOutlined = decorative(UnorderedListIcon);
export const UpOutlined = decorative(UpIcon);
export const UserOutlined = decorative(UserIcon);
export const WifiOutlined = decorative(WifiIcon);
export const ZoomInOutlined = decorative(ZoomInIcon);
export const ZoomOutOutlined = decorative(ZoomOutIcon);

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
