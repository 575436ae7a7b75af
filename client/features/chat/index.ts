export { ChatLauncher } from './ChatLauncher';
