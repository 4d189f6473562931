import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { ColorModeToggle } from './ColorModeToggle';
import { DraftBanner } from './DraftBanner';
import type { NavItem } from './navigation';
import { SideMenu, type SessionSummary } from './SideMenu';

const DRAWER_WIDTH = 260;

interface DashboardLayoutProps {
  user: SessionSummary | null;
  /** The side menu's entries (the route table's). */
  navigation: NavItem[];
  onLogout: () => Promise<void>;
  children: ReactNode;
}

/**
 * The signed-in shell (MUI's dashboard template): a permanent sidebar on wide screens, a drawer
 * behind a menu button on small ones, a top bar greeting the user, and the page in a scrolling main
 * under the draft's banner.
 */
export function DashboardLayout({ user, navigation, onLogout, children }: DashboardLayoutProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = () => setMobileOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <SideMenu user={user} navigation={navigation} onLogout={onLogout} />
      </Drawer>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={closeMobile}
        sx={{
          display: { xs: 'block', md: 'none' },
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <SideMenu
          user={user}
          navigation={navigation}
          onLogout={onLogout}
          onNavigate={closeMobile}
        />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              edge="start"
              color="inherit"
              aria-label="Open navigation menu"
              aria-expanded={mobileOpen}
              onClick={() => setMobileOpen(true)}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1 }}>
              {`Welcome, ${user?.name ?? ''}`}
            </Typography>
            <ColorModeToggle />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, overflow: 'auto' }}>
          <DraftBanner />
          {children}
        </Box>
      </Box>
    </Box>
  );
}
