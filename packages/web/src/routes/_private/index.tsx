import { createFileRoute } from '@tanstack/react-router';
import { HomeDashboard } from '../../features/home/home-dashboard';

export const Route = createFileRoute('/_private/')({ component: HomeDashboard });
