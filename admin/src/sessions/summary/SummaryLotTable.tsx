import { Card, Link, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, useList, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  canDeleteSelected,
  canPublishSelected,
  cutTitle,
  LOT_STATUS_LABEL,
  lotPriceText,
  SUMMARY_PAGE_SIZES,
  type LotStatusKey,
  type SessionDefinitionView,
  type SummaryLot,
} from '@ar/rules';
import { ListPager } from '../../kit/ListPager';
import { StatusChip, type StatusTone } from '../../kit/StatusChip';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { LotThumb } from './LotThumb';

type Row = SummaryLot & { id: number };

const TONE: Record<LotStatusKey, StatusTone> = {
  unpublished: 'info',
  noImages: 'warning',
  potentiallyBanned: 'warning',
  banned: 'error',
  restricted: 'warning',
  deleted: 'neutral',
  published: 'success',
};

const number = (l: SummaryLot) => (l.lotNumber !== null ? `${l.lotNumber}${l.lotExt ?? ''}` : '—');

export interface SummaryLotTableProps {
  lots: SummaryLot[];
  saleType: SessionDefinitionView['saleType'];
  currency: string;
  in2Hours: boolean;
  /** `/session/{type}/{groupID}/{catalogID}`: lot pages open under it. */
  stepBase: string;
  onPublish: (lots: SummaryLot[]) => void;
  onDelete: (lots: SummaryLot[]) => void;
}

/** The lot table (already in status priority order), paged 50/100/200 in react-admin's list parts; deleted lots cannot be selected. */
export function SummaryLotTable({ lots, saleType, currency, in2Hours, stepBase, onPublish, onDelete }: SummaryLotTableProps) {
  const list = useList<Row>({ data: lots.map((l) => ({ ...l, id: l.lotID })), perPage: SUMMARY_PAGE_SIZES[0] });
  return (
    <ResourceContextProvider value="summary-lots">
      <ListContextProvider value={list}>
        <ListPager sizes={SUMMARY_PAGE_SIZES} position="top" label="Lot pages" testIds={{ range: 'summary-range' }} />
        {/* Above the top pager: react-admin's bulk-actions toolbar slides up over it when rows are selected. */}
        <Card
          variant="outlined"
          sx={{ overflow: 'visible', position: 'relative', zIndex: 1, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
        >
          <Datagrid
            rowClick={false}
            isRowSelectable={(r: Row) => !r.deleted}
            bulkActionButtons={<BulkActions lots={lots} in2Hours={in2Hours} onPublish={onPublish} onDelete={onDelete} />}
            data-testid="summary-table"
          >
            <FunctionField<Row> label="Image" sortable={false} render={(l) => <LotThumb src={l.primaryImg} alt={l.lotTitle} size={48} />} />
            <FunctionField<Row> label="Lot #" sortable={false} render={number} />
            <FunctionField<Row> label="Inv. #" sortable={false} render={(l) => l.invNumber ?? '—'} />
            <FunctionField<Row>
              label="Title"
              sortable={false}
              render={(l) => (
                <Typography variant="body2" title={l.lotTitle}>
                  {cutTitle(l.lotTitle)}
                </Typography>
              )}
            />
            <FunctionField<Row> label="Price / Estimate" sortable={false} render={(l) => lotPriceText(l, saleType, currency)} />
            <FunctionField<Row>
              label="Status"
              sortable={false}
              render={(l) => (
                <StatusChip label={LOT_STATUS_LABEL[l.statusKey]} tone={TONE[l.statusKey]} data-testid={`status-${l.lotID}`} />
              )}
            />
            <FunctionField<Row>
              label="Actions"
              sortable={false}
              render={(l) =>
                l.deleted || in2Hours || l.lotNumber === null ? (
                  <Typography variant="body2" color="text.disabled">
                    Edit
                  </Typography>
                ) : (
                  <Link component={RouterLink} to={`${stepBase}/lot/${l.lotNumber}${l.lotExt ?? ''}/summary`}>
                    Edit
                  </Link>
                )
              }
            />
          </Datagrid>
        </Card>
        <ListPager sizes={SUMMARY_PAGE_SIZES} position="bottom" label="Lot pages" />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

function BulkActions({ lots, in2Hours, onPublish, onDelete }: Pick<SummaryLotTableProps, 'lots' | 'in2Hours' | 'onPublish' | 'onDelete'>) {
  const { selectedIds } = useListContext<Row>();
  // From every lot, not the page's rows: a selection may span pages.
  const selected = lots.filter((l) => selectedIds.includes(l.lotID));
  return (
    <Toolbar label="Selected items">
      {canPublishSelected(selected) && (
        <ToolbarButton variant="contained" icon={<PublishIcon />} onClick={() => onPublish(selected)} data-testid="publish-selected">
          Publish Selected
        </ToolbarButton>
      )}
      <ToolbarButton
        color="error"
        icon={<DeleteIcon />}
        disabled={!canDeleteSelected(selected, in2Hours)}
        onClick={() => onDelete(selected)}
        data-testid="delete-selected"
      >
        Delete Selected
      </ToolbarButton>
    </Toolbar>
  );
}
