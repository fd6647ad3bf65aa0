// The icons of the frame every screen shows (navigation, top bar, sider foot, dialogs' close button,
// the notices' type icons): they load with the back-office's first screen.
import {
  CheckCircleFilled as CheckCircleFilledIcon,
  CloseCircleFilled as CloseCircleFilledIcon,
  ExclamationCircleFilled as ExclamationCircleFilledIcon,
  InfoCircleFilled as InfoCircleFilledIcon,
  CloseOutlined as CloseIcon,
  CommentOutlined as CommentIcon,
  DashboardOutlined as DashboardIcon,
  DatabaseOutlined as DatabaseIcon,
  EllipsisOutlined as EllipsisIcon,
  GiftOutlined as GiftIcon,
  HistoryOutlined as HistoryIcon,
  HomeFilled as HomeFilledIcon,
  HomeOutlined as HomeIcon,
  LaptopOutlined as LaptopIcon,
  LeftOutlined as LeftIcon,
  LogoutOutlined as LogoutIcon,
  MenuOutlined as MenuIcon,
  MessageOutlined as MessageIcon,
  RightOutlined as RightIcon,
  SafetyOutlined as SafetyIcon,
  ScheduleOutlined as ScheduleIcon,
  TeamOutlined as TeamIcon,
  UnorderedListOutlined as UnorderedListIcon,
  UserOutlined as UserIcon,
} from '@ant-design/icons';
import type { MenuIcon as MenuIconName } from '../../contracts/list-declaration';
import { decorative } from './decorative';

export const CheckCircleFilled = /* @__PURE__ */ decorative(CheckCircleFilledIcon);
export const CloseCircleFilled = /* @__PURE__ */ decorative(CloseCircleFilledIcon);
export const CloseOutlined = /* @__PURE__ */ decorative(CloseIcon);
export const ExclamationCircleFilled = /* @__PURE__ */ decorative(ExclamationCircleFilledIcon);
export const InfoCircleFilled = /* @__PURE__ */ decorative(InfoCircleFilledIcon);
export const DashboardOutlined = /* @__PURE__ */ decorative(DashboardIcon);
export const EllipsisOutlined = /* @__PURE__ */ decorative(EllipsisIcon);
export const HomeFilled = /* @__PURE__ */ decorative(HomeFilledIcon);
export const LaptopOutlined = /* @__PURE__ */ decorative(LaptopIcon);
export const LeftOutlined = /* @__PURE__ */ decorative(LeftIcon);
export const LogoutOutlined = /* @__PURE__ */ decorative(LogoutIcon);
export const MenuOutlined = /* @__PURE__ */ decorative(MenuIcon);
export const MessageOutlined = /* @__PURE__ */ decorative(MessageIcon);
export const RightOutlined = /* @__PURE__ */ decorative(RightIcon);
export const UserOutlined = /* @__PURE__ */ decorative(UserIcon);

/** The sidebar's icons by the names a list's declaration gives (src/contracts/list-declaration.ts, `MenuIcon`). */
export const MENU_ICONS: Readonly<Record<MenuIconName, typeof MessageOutlined>> = {
  comment: /* @__PURE__ */ decorative(CommentIcon),
  database: /* @__PURE__ */ decorative(DatabaseIcon),
  gift: /* @__PURE__ */ decorative(GiftIcon),
  history: /* @__PURE__ */ decorative(HistoryIcon),
  home: /* @__PURE__ */ decorative(HomeIcon),
  message: MessageOutlined,
  safety: /* @__PURE__ */ decorative(SafetyIcon),
  schedule: /* @__PURE__ */ decorative(ScheduleIcon),
  team: /* @__PURE__ */ decorative(TeamIcon),
  'unordered-list': /* @__PURE__ */ decorative(UnorderedListIcon),
  user: UserOutlined,
};
