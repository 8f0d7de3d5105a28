import { AppShell, Container } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
// Date pickers and charts appear only behind sign-in: their styles and locale load with this layout, not the sign-in page.
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import 'dayjs/locale/pt-br';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession, type Session } from '../session/session';
import { PageLoader } from '../components/page-loader';
import { accessModulesQuery, accountInfoQuery, grantedModuleIds } from '../account/queries';
import { buildMenu } from '../menu/build-menu';
import { useRealtime } from '../realtime/use-realtime';
import { MOBILE_QUERY, useLayout } from './layout-state';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The private frame, while signed in (a 401 ends the session a moment before /login takes over). */
export function AppLayout() {
  const session = useSession();
  return session ? <SignedInLayout session={session} /> : <PageLoader />;
}

/** Top bar, sidebar menu for the account, page options, mobile at ≤ 1024 px (Mantine collapses below its breakpoint, hence 1025). */
function SignedInLayout({ session }: { session: Session }) {
  const accountId = session.account.id;
  const { data: accounts } = useSuspenseQuery(accountInfoQuery(accountId));
  const { data: modules } = useSuspenseQuery(accessModulesQuery(accountId));
  const layout = useLayout();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [desktopOpen, desktop] = useDisclosure(!layout.sidebarStartsClosed);
  const [mobileOpen, mobileNav] = useDisclosure(false);
  useRealtime(session.token);

  const menu = useMemo(
    () =>
      buildMenu({
        accountType: session.account.type,
        whiteLabelVariant: session.account.white_label_variant,
        retailMediaRole: session.account.retail_media_role,
        isNetwork: session.account.is_network,
        isPlatformOperator: session.user.is_platform_operator,
        moduleIds: grantedModuleIds(modules),
      }),
    [session, modules],
  );

  const hideSidebar = layout.sidebarHidden || layout.fullScreen || layout.hiddenFullMenu;
  const hideTopbar = layout.topbarHidden || layout.fullScreen;
  const sidebarOpen = mobile ? mobileOpen : desktopOpen;

  return (
    <DatesProvider settings={{ locale: 'pt-br' }}>
      <AppShell
        header={hideTopbar ? undefined : { height: 60 }}
        navbar={
          hideSidebar
            ? undefined
            : { width: 270, breakpoint: 1025, collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }
        }
        padding="md"
        data-mobile={mobile || undefined}
      >
        {!hideTopbar && (
          <AppShell.Header>
            <TopBar
              session={session}
              accounts={accounts}
              sidebarOpen={sidebarOpen}
              onToggleSidebar={mobile ? mobileNav.toggle : desktop.toggle}
              showBurger={!hideSidebar}
              mobile={mobile}
            />
          </AppShell.Header>
        )}
        {!hideSidebar && (
          <AppShell.Navbar p="xs">
            <Sidebar menu={menu} onNavigate={mobile ? mobileNav.close : undefined} />
          </AppShell.Navbar>
        )}
        <AppShell.Main>
          <Container size={layout.fullWidth || layout.fullScreen ? '100%' : 'xl'} px={0}>
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </DatesProvider>
  );
}
