import CloseIcon from '@mui/icons-material/Close';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import {
  Box,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
  type Theme,
  Typography,
} from '@mui/material';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { fullNameOf, UserAvatar } from '../components/user-menu';
import { usePublicConfig } from '../lib/public-config';
import { useSession } from '../lib/session';
import { SIDEBAR_WIDTH, TOP_BAR_HEIGHT } from './frame-sizes';
import { ProductLogo } from './product-logo';
import { activeLink, type NavSection, useNavSections } from './sidebar-sections';

export { SIDEBAR_WIDTH };

const paperSx = (theme: Theme) => ({
  width: SIDEBAR_WIDTH,
  background: theme.palette.sidebar.background,
  color: theme.palette.sidebar.text,
  borderColor: theme.palette.sidebar.divider,
});

/**
 * The signed-in area's sidebar: permanent from md up, below the top bar; on phones a drawer that
 * `mobileOpen` opens and that closes itself on navigation.
 */
export function Sidebar({ mobileOpen, onMobileClose }: { mobileOpen: boolean; onMobileClose(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const closeRef = useRef(onMobileClose);
  closeRef.current = onMobileClose;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change is the trigger
  useEffect(() => {
    closeRef.current();
  }, [pathname]);

  return (
    <Box sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        anchor="left"
        open={mobileOpen}
        onClose={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: paperSx, 'aria-label': t('layout.sidebar') } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', minHeight: TOP_BAR_HEIGHT, px: 2, gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <ProductLogo to="/redirect" />
          </Box>
          <CloseButton onClick={onMobileClose} />
        </Stack>
        <Divider sx={{ borderColor: 'sidebar.divider' }} />
        <SidebarContent />
      </Drawer>
      <Drawer
        variant="permanent"
        anchor="left"
        open
        sx={{ display: { xs: 'none', md: 'block' } }}
        slotProps={{
          paper: {
            component: 'aside',
            'aria-label': t('layout.sidebar'),
            sx: (theme: Theme) => ({
              ...paperSx(theme),
              top: TOP_BAR_HEIGHT,
              height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
            }),
          },
        }}
      >
        <SidebarContent />
      </Drawer>
    </Box>
  );
}

function CloseButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <IconButton aria-label={t('layout.closeMenu')} onClick={onClick} sx={{ color: 'sidebar.textSecondary' }}>
      <CloseIcon />
    </IconButton>
  );
}

/** How far the links fade out at an edge beyond which more of them wait. */
const FADE = 56;

/**
 * Whether the box's content goes on above or below what it shows, kept current as it scrolls, as
 * it or its content changes size (a window resized, sections arriving with the session).
 */
function useOverflowEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ above: false, below: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const above = box.scrollTop > 1;
      const below = box.scrollTop + box.clientHeight < box.scrollHeight - 1;
      setEdges((old) => (old.above === above && old.below === below ? old : { above, below }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

function SidebarContent() {
  const { t } = useTranslation();
  const sections = useNavSections();
  const { pathname } = useLocation();
  const active = activeLink(sections, pathname);
  const scroller = useRef<HTMLDivElement>(null);
  const { above, below } = useOverflowEdges(scroller);
  // The links fade out at an edge with more beyond it (an admin's last links at 1280x800): a cue to
  // scroll that works on every theme's background, gradients included, as it fades the links only.
  const fade = `linear-gradient(to bottom, transparent, #000 ${above ? FADE / 2 : 0}px, #000 calc(100% - ${below ? FADE : 0}px), transparent)`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      {/* Profile and links scroll; the support contact stays in view at the bottom. */}
      <Box
        ref={scroller}
        data-more-above={above}
        data-more-below={below}
        sx={{
          flexGrow: 1,
          minHeight: 0,
          overflowY: 'auto',
          // A link reached with Tab scrolls clear of the faded edges.
          scrollPaddingBlock: `${FADE / 2}px ${FADE}px`,
          ...((above || below) && { maskImage: fade, WebkitMaskImage: fade }),
        }}
      >
        <Box>
          <Profile />
          <Divider sx={{ borderColor: 'sidebar.divider', mx: 2 }} />
          <Box component="nav" aria-label={t('layout.navigation')} sx={{ px: 1, py: 1 }}>
            {sections.map((section) => (
              <Section key={section.title} section={section} active={active} />
            ))}
          </Box>
        </Box>
      </Box>
      <Support />
    </Box>
  );
}

function Profile() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2.5, py: 2.5 }}>
      <UserAvatar
        user={user}
        size={48}
        sx={{ boxShadow: (theme) => `0 0 0 3px ${theme.palette.sidebar.divider}` }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          sx={{ fontWeight: 600, color: 'sidebar.text', overflowWrap: 'anywhere', lineHeight: 1.3 }}
        >
          {fullNameOf(user)}
        </Typography>
        {user.bio && (
          <Typography
            variant="body2"
            sx={{
              color: 'sidebar.textSecondary',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {user.bio}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function Section({ section, active }: { section: NavSection; active: string | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box sx={{ pt: 0.75 }}>
      <Typography
        id={headingId}
        component="h2"
        variant="overline"
        sx={{
          display: 'block',
          color: 'sidebar.sectionTitle',
          fontSize: '0.7rem',
          lineHeight: 2.25,
          px: 1.5,
        }}
      >
        {t(section.title)}
      </Typography>
      <List aria-labelledby={headingId} dense disablePadding sx={{ pb: 1 }}>
        {section.items.map((item) => {
          const selected = item.to === active;
          return (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                sx={(theme) => ({
                  mb: 0.25,
                  py: 0.75,
                  px: 1.5,
                  color: 'sidebar.text',
                  '& .MuiListItemIcon-root': { color: 'sidebar.textSecondary' },
                  '&:hover': { background: theme.palette.sidebar.hover },
                  '&.Mui-selected, &.Mui-selected:hover, &.Mui-selected.Mui-focusVisible': {
                    background: theme.palette.sidebar.activeBackground,
                    color: 'sidebar.activeText',
                    '& .MuiListItemIcon-root': { color: 'sidebar.activeText' },
                  },
                })}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText
                  primary={t(item.label)}
                  slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 500, fontSize: '0.9rem' } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

function Support() {
  const { t } = useTranslation();
  const { data, isPending } = usePublicConfig();
  const email = data?.supportEmail;
  if (!isPending && !email) return null;
  return (
    <Box
      sx={{
        flexShrink: 0,
        m: 1.5,
        px: 1.5,
        py: 1.25,
        borderRadius: 2.5,
        border: 1,
        borderColor: 'sidebar.divider',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <SupportAgentOutlinedIcon sx={{ color: 'sidebar.textSecondary', mt: 0.25 }} />
        <Typography
          variant="body2"
          sx={{ color: 'sidebar.textSecondary', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {email ? (
            <Trans
              t={t}
              i18nKey="layout.support"
              values={{ email }}
              components={{
                mail: (
                  <Link
                    href={`mailto:${email}`}
                    underline="always"
                    sx={{ color: 'sidebar.activeText', fontWeight: 500 }}
                  />
                ),
              }}
            />
          ) : (
            <Skeleton width={160} />
          )}
        </Typography>
      </Stack>
    </Box>
  );
}
