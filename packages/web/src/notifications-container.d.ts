// vite.config.ts resolves this to the package's Notifications component alone.
declare module '@mantine/notifications/container' {
  export { Notifications } from '@mantine/notifications';
}
