import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import type { Role } from '@/api';
import { NAV_ICONS } from './navIcons';
import { isActive, navigationFor, type NavItem } from './navigation';

export interface SessionSummary {
  name: string;
  email: string;
  /** Picks the sidebar's entries (Accounts for administrators). */
  role: Role;
}

interface SideMenuProps {
  user: SessionSummary | null;
  /** The menu's entries, of every role (the route table's). */
  navigation: NavItem[];
  onLogout: () => Promise<void>;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
}

function NavLinkItem({
  item,
  nested,
  onNavigate,
}: {
  item: NavItem;
  nested: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const Icon = NAV_ICONS[item.icon];
  return (
    <ListItemButton
      component={RouterLink}
      to={item.path}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ borderRadius: 1, mb: 0.25, pl: nested ? 4 : 2 }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
}

/** The sidebar: the product, the navigation, and the signed-in user with a Logout button. */
export function SideMenu({ user, navigation, onLogout, onNavigate }: SideMenuProps) {
  const [loggingOut, setLoggingOut] = useState(false);
  const name = user?.name ?? '';
  const initial = name.trim().charAt(0).toUpperCase() || '?';

  const logout = async () => {
    setLoggingOut(true);
    try {
      await onLogout();
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2, py: 2 }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          MedRef Admin
        </Typography>
      </Box>
      <Divider />
      <Box
        component="nav"
        aria-label="Main navigation"
        sx={{ flexGrow: 1, overflowY: 'auto', p: 1 }}
      >
        <List disablePadding>
          {navigationFor(user?.role, navigation).map((item) => (
            <Box component="li" key={item.path} sx={{ listStyle: 'none' }}>
              <NavLinkItem item={item} nested={false} onNavigate={onNavigate} />
              {item.children && (
                <List disablePadding aria-label={`${item.label} sections`}>
                  {item.children.map((child) => (
                    <Box component="li" key={child.path} sx={{ listStyle: 'none' }}>
                      <NavLinkItem item={child} nested onNavigate={onNavigate} />
                    </Box>
                  ))}
                </List>
              )}
            </Box>
          ))}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {/* An initial in a circle: MUI's Avatar would bring image loading and a fallback icon,
            which no page uses, into the shell every page loads. */}
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '1.25rem',
          }}
        >
          {initial}
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {user?.email}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <Button
          fullWidth
          variant="outlined"
          startIcon={<LogoutIcon />}
          onClick={logout}
          disabled={loggingOut}
        >
          Logout
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 2 }} component="p">
        Demo data is illustrative, not medical advice
      </Typography>
    </Box>
  );
}
