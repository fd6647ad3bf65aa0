// The icons of the frame every screen shows (navigation, top bar, sider foot, dialogs' close button):
// they load with the back-office's first screen.
import {
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
import { decorative } from './decorative';

export const CloseOutlined = /* @__PURE__ */ decorative(CloseIcon);
export const CommentOutlined = /* @__PURE__ */ decorative(CommentIcon);
export const DashboardOutlined = /* @__PURE__ */ decorative(DashboardIcon);
export const DatabaseOutlined = /* @__PURE__ */ decorative(DatabaseIcon);
export const EllipsisOutlined = /* @__PURE__ */ decorative(EllipsisIcon);
export const GiftOutlined = /* @__PURE__ */ decorative(GiftIcon);
export const HistoryOutlined = /* @__PURE__ */ decorative(HistoryIcon);
export const HomeFilled = /* @__PURE__ */ decorative(HomeFilledIcon);
export const HomeOutlined = /* @__PURE__ */ decorative(HomeIcon);
export const LaptopOutlined = /* @__PURE__ */ decorative(LaptopIcon);
export const LeftOutlined = /* @__PURE__ */ decorative(LeftIcon);
export const LogoutOutlined = /* @__PURE__ */ decorative(LogoutIcon);
export const MenuOutlined = /* @__PURE__ */ decorative(MenuIcon);
export const MessageOutlined = /* @__PURE__ */ decorative(MessageIcon);
export const RightOutlined = /* @__PURE__ */ decorative(RightIcon);
export const SafetyOutlined = /* @__PURE__ */ decorative(SafetyIcon);
export const ScheduleOutlined = /* @__PURE__ */ decorative(ScheduleIcon);
export const TeamOutlined = /* @__PURE__ */ decorative(TeamIcon);
export const UnorderedListOutlined = /* @__PURE__ */ decorative(UnorderedListIcon);
export const UserOutlined = /* @__PURE__ */ decorative(UserIcon);
