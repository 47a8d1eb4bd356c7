import { useState, type MouseEvent } from 'react';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Link, useLocation } from 'react-router-dom';
import { useShellUser } from '../auth/useShellUser';
import { visibleMenu, type MenuGroupDef } from './menuModel';

/** The horizontal top menu (spec "Top menu"), filtered by canAccess. */
export function TopMenu() {
  const { user } = useShellUser();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Main menu" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {visibleMenu(user).map((group) =>
        group.items ? (
          <MenuDropdown key={group.key} group={group} active={isActive(group, pathname)} />
        ) : (
          <Button
            key={group.key}
            component={Link}
            to={group.to ?? '/'}
            data-testid={`menu-${group.key}`}
            sx={buttonSx(pathname === group.to)}
          >
            {group.label}
          </Button>
        ),
      )}
    </Box>
  );
}

function MenuDropdown({ group, active }: { group: MenuGroupDef; active: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const menuId = `menu-${group.key}-list`;
  return (
    <>
      <Button
        data-testid={`menu-${group.key}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={buttonSx(active)}
      >
        {group.label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {group.items?.map((item) =>
          item.href ? (
            <MenuItem
              key={item.key}
              component="a"
              href={item.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
              data-testid={`menu-item-${group.key}-${item.key}`}
            >
              {item.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={item.key}
              component={Link}
              to={item.to ?? '/'}
              onClick={close}
              data-testid={`menu-item-${group.key}-${item.key}`}
            >
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}

function isActive(group: MenuGroupDef, pathname: string): boolean {
  return (group.items ?? []).some((i) => i.to && i.to !== '/' && pathname.startsWith(i.to));
}

const buttonSx = (active: boolean) => ({
  color: active ? 'primary.main' : 'text.primary',
  fontWeight: active ? 700 : 500,
  borderBottom: 2,
  borderColor: active ? 'primary.main' : 'transparent',
  borderRadius: 0,
  px: 1.5,
});
