import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import MedicationIcon from '@mui/icons-material/MedicationOutlined';
import ConditionIcon from '@mui/icons-material/MonitorHeartOutlined';
import AgeIcon from '@mui/icons-material/CakeOutlined';
import WeightIcon from '@mui/icons-material/MonitorWeightOutlined';
import RenalIcon from '@mui/icons-material/WaterDropOutlined';
import MedicationsIcon from '@mui/icons-material/VaccinesOutlined';
import IngredientIcon from '@mui/icons-material/ScienceOutlined';
import InteractionIcon from '@mui/icons-material/CompareArrowsOutlined';
import DrugClassIcon from '@mui/icons-material/CategoryOutlined';
import ClassRuleIcon from '@mui/icons-material/AccountTreeOutlined';
import LifestyleIcon from '@mui/icons-material/DirectionsRunOutlined';
import UsersIcon from '@mui/icons-material/PeopleOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import SafetyCheckIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import DataQualityIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import TestPrescriptionsIcon from '@mui/icons-material/RuleOutlined';
import AccountsIcon from '@mui/icons-material/ManageAccountsOutlined';
import ReleasesIcon from '@mui/icons-material/PublishOutlined';
import ReviewIcon from '@mui/icons-material/RateReviewOutlined';

/**
 * The side menu's icons by name. The route table names them (NavIconName, a type), so the icons
 * load with the signed-in shell, not with the entry that /login loads.
 */
export const NAV_ICONS = {
  dashboard: DashboardIcon,
  drugs: MedicationIcon,
  conditions: ConditionIcon,
  age: AgeIcon,
  weight: WeightIcon,
  renal: RenalIcon,
  medications: MedicationsIcon,
  ingredients: IngredientIcon,
  interactions: InteractionIcon,
  drugClasses: DrugClassIcon,
  classRules: ClassRuleIcon,
  lifestyles: LifestyleIcon,
  users: UsersIcon,
  settings: SettingsIcon,
  safetyCheck: SafetyCheckIcon,
  dataQuality: DataQualityIcon,
  history: HistoryIcon,
  testPrescriptions: TestPrescriptionsIcon,
  accounts: AccountsIcon,
  releases: ReleasesIcon,
  review: ReviewIcon,
} satisfies Record<string, SvgIconComponent>;

export type NavIconName = keyof typeof NAV_ICONS;
