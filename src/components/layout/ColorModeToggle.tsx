import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';

/**
 * Switches between light and dark; MUI remembers the choice in local storage. The native `title`
 * gives the hover hint (MUI's Tooltip would add Popper to every signed-in page).
 */
export function ColorModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const current = (mode === 'system' ? systemMode : mode) ?? 'light';
  const next = current === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setMode(next)}>
      {current === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
