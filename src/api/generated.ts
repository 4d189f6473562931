import { emptyApi as api } from './emptyApi';
export const addTagTypes = [
  'auth',
  'condition',
  'medication',
  'age-category',
  'renal-category',
  'weight-category',
  'drug-interaction',
  'lifestyle',
  'lifestyle-contraindication',
  'drug-class',
  'class-rule',
  'ingredient',
  'renal-rule',
  'users',
  'dashboard',
  'drug',
  'safety-check',
  'data-quality',
  'accounts',
  'audit',
  'test-prescription',
  'release',
  'review',
  'cds-hooks',
  'api-clients',
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({
          url: `/auth/register`,
          method: 'POST',
          body: queryArg.registerRequest,
        }),
        invalidatesTags: ['auth'],
      }),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({ url: `/auth/login`, method: 'POST', body: queryArg.loginRequest }),
        invalidatesTags: ['auth'],
      }),
      getMe: build.query<GetMeApiResponse, GetMeApiArg>({
        query: () => ({ url: `/auth/me` }),
        providesTags: ['auth'],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/auth/logout`, method: 'POST' }),
        invalidatesTags: ['auth'],
      }),
      updateProfile: build.mutation<UpdateProfileApiResponse, UpdateProfileApiArg>({
        query: (queryArg) => ({
          url: `/auth/profile`,
          method: 'PUT',
          body: queryArg.profileRequest,
        }),
        invalidatesTags: ['auth'],
      }),
      changePassword: build.mutation<ChangePasswordApiResponse, ChangePasswordApiArg>({
        query: (queryArg) => ({
          url: `/auth/password`,
          method: 'PUT',
          body: queryArg.changePasswordRequest,
        }),
        invalidatesTags: ['auth'],
      }),
      forgotPassword: build.mutation<ForgotPasswordApiResponse, ForgotPasswordApiArg>({
        query: (queryArg) => ({
          url: `/auth/forgot-password`,
          method: 'POST',
          body: queryArg.forgotPasswordRequest,
        }),
        invalidatesTags: ['auth'],
      }),
      resetPassword: build.mutation<ResetPasswordApiResponse, ResetPasswordApiArg>({
        query: (queryArg) => ({
          url: `/auth/reset-password`,
          method: 'POST',
          body: queryArg.resetPasswordRequest,
        }),
        invalidatesTags: ['auth'],
      }),
      listMySessions: build.query<ListMySessionsApiResponse, ListMySessionsApiArg>({
        query: () => ({ url: `/auth/sessions` }),
        providesTags: ['auth'],
      }),
      endOtherSessions: build.mutation<EndOtherSessionsApiResponse, EndOtherSessionsApiArg>({
        query: () => ({ url: `/auth/sessions`, method: 'DELETE' }),
        invalidatesTags: ['auth'],
      }),
      listConditions: build.query<ListConditionsApiResponse, ListConditionsApiArg>({
        query: (queryArg) => ({
          url: `/condition`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['condition'],
      }),
      createCondition: build.mutation<CreateConditionApiResponse, CreateConditionApiArg>({
        query: (queryArg) => ({
          url: `/condition`,
          method: 'POST',
          body: queryArg.conditionCreate,
        }),
        invalidatesTags: ['condition'],
      }),
      updateCondition: build.mutation<UpdateConditionApiResponse, UpdateConditionApiArg>({
        query: (queryArg) => ({ url: `/condition`, method: 'PUT', body: queryArg.conditionUpdate }),
        invalidatesTags: ['condition'],
      }),
      getCondition: build.query<GetConditionApiResponse, GetConditionApiArg>({
        query: (queryArg) => ({
          url: `/condition/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['condition'],
      }),
      deleteCondition: build.mutation<DeleteConditionApiResponse, DeleteConditionApiArg>({
        query: (queryArg) => ({
          url: `/condition/${queryArg.id}`,
          method: 'DELETE',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['condition'],
      }),
      listMedications: build.query<ListMedicationsApiResponse, ListMedicationsApiArg>({
        query: (queryArg) => ({
          url: `/medication`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
            condition_id: queryArg.conditionId,
            is_dosage_weight_based: queryArg.isDosageWeightBased,
            pregnancy_category: queryArg.pregnancyCategory,
          },
        }),
        providesTags: ['medication'],
      }),
      createMedication: build.mutation<CreateMedicationApiResponse, CreateMedicationApiArg>({
        query: (queryArg) => ({
          url: `/medication`,
          method: 'POST',
          body: queryArg.medicationCreate,
        }),
        invalidatesTags: ['medication'],
      }),
      getMedication: build.query<GetMedicationApiResponse, GetMedicationApiArg>({
        query: (queryArg) => ({
          url: `/medication/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['medication'],
      }),
      updateMedication: build.mutation<UpdateMedicationApiResponse, UpdateMedicationApiArg>({
        query: (queryArg) => ({
          url: `/medication/update-medication`,
          method: 'PUT',
          body: queryArg.medicationUpdate,
        }),
        invalidatesTags: ['medication'],
      }),
      deleteMedication: build.mutation<DeleteMedicationApiResponse, DeleteMedicationApiArg>({
        query: (queryArg) => ({
          url: `/medications/${queryArg.id}`,
          method: 'DELETE',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['medication'],
      }),
      addWeightBasedDosage: build.mutation<
        AddWeightBasedDosageApiResponse,
        AddWeightBasedDosageApiArg
      >({
        query: (queryArg) => ({
          url: `/medication/add-weight-based-dosage`,
          method: 'POST',
          body: queryArg.weightDosageCreate,
        }),
        invalidatesTags: ['medication'],
      }),
      addAgeBasedDosage: build.mutation<AddAgeBasedDosageApiResponse, AddAgeBasedDosageApiArg>({
        query: (queryArg) => ({
          url: `/medication/add-age-based-dosage`,
          method: 'POST',
          body: queryArg.ageDosageCreate,
        }),
        invalidatesTags: ['medication'],
      }),
      updateWeightBasedDosage: build.mutation<
        UpdateWeightBasedDosageApiResponse,
        UpdateWeightBasedDosageApiArg
      >({
        query: (queryArg) => ({
          url: `/medication/update-weight-based-dosage`,
          method: 'PUT',
          body: queryArg.dosageUpdate,
        }),
        invalidatesTags: ['medication'],
      }),
      updateAgeBasedDosage: build.mutation<
        UpdateAgeBasedDosageApiResponse,
        UpdateAgeBasedDosageApiArg
      >({
        query: (queryArg) => ({
          url: `/medication/update-age-based-dosage`,
          method: 'PUT',
          body: queryArg.dosageUpdate,
        }),
        invalidatesTags: ['medication'],
      }),
      addContraindication: build.mutation<
        AddContraindicationApiResponse,
        AddContraindicationApiArg
      >({
        query: (queryArg) => ({
          url: `/medication/add-contraindications`,
          method: 'PUT',
          body: queryArg.contraindicationLink,
        }),
        invalidatesTags: ['medication'],
      }),
      removeContraindication: build.mutation<
        RemoveContraindicationApiResponse,
        RemoveContraindicationApiArg
      >({
        query: (queryArg) => ({
          url: `/medication/remove-contraindication`,
          method: 'DELETE',
          body: queryArg.contraindicationLink,
        }),
        invalidatesTags: ['medication'],
      }),
      listAgeCategories: build.query<ListAgeCategoriesApiResponse, ListAgeCategoriesApiArg>({
        query: (queryArg) => ({
          url: `/age-category`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['age-category'],
      }),
      createAgeCategory: build.mutation<CreateAgeCategoryApiResponse, CreateAgeCategoryApiArg>({
        query: (queryArg) => ({
          url: `/age-category`,
          method: 'POST',
          body: queryArg.ageCategoryCreate,
        }),
        invalidatesTags: ['age-category'],
      }),
      updateAgeCategory: build.mutation<UpdateAgeCategoryApiResponse, UpdateAgeCategoryApiArg>({
        query: (queryArg) => ({
          url: `/age-category`,
          method: 'PUT',
          body: queryArg.ageCategoryUpdate,
        }),
        invalidatesTags: ['age-category'],
      }),
      getAgeCategory: build.query<GetAgeCategoryApiResponse, GetAgeCategoryApiArg>({
        query: (queryArg) => ({
          url: `/age-category/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['age-category'],
      }),
      deleteAgeCategory: build.mutation<DeleteAgeCategoryApiResponse, DeleteAgeCategoryApiArg>({
        query: (queryArg) => ({
          url: `/age-category/${queryArg.id}`,
          method: 'DELETE',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['age-category'],
      }),
      listRenalCategories: build.query<ListRenalCategoriesApiResponse, ListRenalCategoriesApiArg>({
        query: (queryArg) => ({
          url: `/renal-category`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['renal-category'],
      }),
      createRenalCategory: build.mutation<
        CreateRenalCategoryApiResponse,
        CreateRenalCategoryApiArg
      >({
        query: (queryArg) => ({
          url: `/renal-category`,
          method: 'POST',
          body: queryArg.renalCategoryCreate,
        }),
        invalidatesTags: ['renal-category'],
      }),
      updateRenalCategory: build.mutation<
        UpdateRenalCategoryApiResponse,
        UpdateRenalCategoryApiArg
      >({
        query: (queryArg) => ({
          url: `/renal-category`,
          method: 'PUT',
          body: queryArg.renalCategoryUpdate,
        }),
        invalidatesTags: ['renal-category'],
      }),
      getRenalCategory: build.query<GetRenalCategoryApiResponse, GetRenalCategoryApiArg>({
        query: (queryArg) => ({
          url: `/renal-category/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['renal-category'],
      }),
      deleteRenalCategory: build.mutation<
        DeleteRenalCategoryApiResponse,
        DeleteRenalCategoryApiArg
      >({
        query: (queryArg) => ({
          url: `/renal-category/${queryArg.id}`,
          method: 'DELETE',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['renal-category'],
      }),
      listWeightCategories: build.query<
        ListWeightCategoriesApiResponse,
        ListWeightCategoriesApiArg
      >({
        query: (queryArg) => ({
          url: `/weight-category`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['weight-category'],
      }),
      createWeightCategory: build.mutation<
        CreateWeightCategoryApiResponse,
        CreateWeightCategoryApiArg
      >({
        query: (queryArg) => ({
          url: `/weight-category`,
          method: 'POST',
          body: queryArg.weightCategoryCreate,
        }),
        invalidatesTags: ['weight-category'],
      }),
      updateWeightCategory: build.mutation<
        UpdateWeightCategoryApiResponse,
        UpdateWeightCategoryApiArg
      >({
        query: (queryArg) => ({
          url: `/weight-category`,
          method: 'PUT',
          body: queryArg.weightCategoryUpdate,
        }),
        invalidatesTags: ['weight-category'],
      }),
      getWeightCategory: build.query<GetWeightCategoryApiResponse, GetWeightCategoryApiArg>({
        query: (queryArg) => ({
          url: `/weight-category/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['weight-category'],
      }),
      deleteWeightCategory: build.mutation<
        DeleteWeightCategoryApiResponse,
        DeleteWeightCategoryApiArg
      >({
        query: (queryArg) => ({
          url: `/weight-category/${queryArg.id}`,
          method: 'DELETE',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['weight-category'],
      }),
      listDrugInteractions: build.query<
        ListDrugInteractionsApiResponse,
        ListDrugInteractionsApiArg
      >({
        query: (queryArg) => ({
          url: `/drug-interaction`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
            severity: queryArg.severity,
            medication_id: queryArg.medicationId,
            is_allergen: queryArg.isAllergen,
          },
        }),
        providesTags: ['drug-interaction'],
      }),
      createDrugInteraction: build.mutation<
        CreateDrugInteractionApiResponse,
        CreateDrugInteractionApiArg
      >({
        query: (queryArg) => ({
          url: `/drug-interaction`,
          method: 'POST',
          body: queryArg.drugInteractionCreate,
        }),
        invalidatesTags: ['drug-interaction'],
      }),
      updateDrugInteraction: build.mutation<
        UpdateDrugInteractionApiResponse,
        UpdateDrugInteractionApiArg
      >({
        query: (queryArg) => ({
          url: `/drug-interaction`,
          method: 'PUT',
          body: queryArg.drugInteractionUpdate,
        }),
        invalidatesTags: ['drug-interaction'],
      }),
      deleteDrugInteraction: build.mutation<
        DeleteDrugInteractionApiResponse,
        DeleteDrugInteractionApiArg
      >({
        query: (queryArg) => ({
          url: `/drug-interaction`,
          method: 'DELETE',
          body: queryArg.idBody,
        }),
        invalidatesTags: ['drug-interaction'],
      }),
      getDrugInteraction: build.query<GetDrugInteractionApiResponse, GetDrugInteractionApiArg>({
        query: (queryArg) => ({
          url: `/drug-interaction/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['drug-interaction'],
      }),
      listLifestyles: build.query<ListLifestylesApiResponse, ListLifestylesApiArg>({
        query: (queryArg) => ({
          url: `/lifestyle`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['lifestyle'],
      }),
      createLifestyle: build.mutation<CreateLifestyleApiResponse, CreateLifestyleApiArg>({
        query: (queryArg) => ({
          url: `/lifestyle`,
          method: 'POST',
          body: queryArg.lifestyleCreate,
        }),
        invalidatesTags: ['lifestyle'],
      }),
      updateLifestyle: build.mutation<UpdateLifestyleApiResponse, UpdateLifestyleApiArg>({
        query: (queryArg) => ({ url: `/lifestyle`, method: 'PUT', body: queryArg.lifestyleUpdate }),
        invalidatesTags: ['lifestyle'],
      }),
      deleteLifestyle: build.mutation<DeleteLifestyleApiResponse, DeleteLifestyleApiArg>({
        query: (queryArg) => ({ url: `/lifestyle`, method: 'DELETE', body: queryArg.idBody }),
        invalidatesTags: ['lifestyle'],
      }),
      getLifestyle: build.query<GetLifestyleApiResponse, GetLifestyleApiArg>({
        query: (queryArg) => ({
          url: `/lifestyle/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['lifestyle'],
      }),
      listLifestyleContraindications: build.query<
        ListLifestyleContraindicationsApiResponse,
        ListLifestyleContraindicationsApiArg
      >({
        query: (queryArg) => ({
          url: `/lifestyle-contraindication`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['lifestyle-contraindication'],
      }),
      createLifestyleContraindication: build.mutation<
        CreateLifestyleContraindicationApiResponse,
        CreateLifestyleContraindicationApiArg
      >({
        query: (queryArg) => ({
          url: `/lifestyle-contraindication`,
          method: 'POST',
          body: queryArg.lifestyleContraindicationCreate,
        }),
        invalidatesTags: ['lifestyle-contraindication'],
      }),
      updateLifestyleContraindication: build.mutation<
        UpdateLifestyleContraindicationApiResponse,
        UpdateLifestyleContraindicationApiArg
      >({
        query: (queryArg) => ({
          url: `/lifestyle-contraindication`,
          method: 'PUT',
          body: queryArg.lifestyleContraindicationUpdate,
        }),
        invalidatesTags: ['lifestyle-contraindication'],
      }),
      deleteLifestyleContraindication: build.mutation<
        DeleteLifestyleContraindicationApiResponse,
        DeleteLifestyleContraindicationApiArg
      >({
        query: (queryArg) => ({
          url: `/lifestyle-contraindication`,
          method: 'DELETE',
          body: queryArg.idBody,
        }),
        invalidatesTags: ['lifestyle-contraindication'],
      }),
      listDrugClasses: build.query<ListDrugClassesApiResponse, ListDrugClassesApiArg>({
        query: (queryArg) => ({
          url: `/drug-class`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
            medication_id: queryArg.medicationId,
          },
        }),
        providesTags: ['drug-class'],
      }),
      createDrugClass: build.mutation<CreateDrugClassApiResponse, CreateDrugClassApiArg>({
        query: (queryArg) => ({
          url: `/drug-class`,
          method: 'POST',
          body: queryArg.drugClassCreate,
        }),
        invalidatesTags: ['drug-class'],
      }),
      updateDrugClass: build.mutation<UpdateDrugClassApiResponse, UpdateDrugClassApiArg>({
        query: (queryArg) => ({
          url: `/drug-class`,
          method: 'PUT',
          body: queryArg.drugClassUpdate,
        }),
        invalidatesTags: ['drug-class'],
      }),
      deleteDrugClass: build.mutation<DeleteDrugClassApiResponse, DeleteDrugClassApiArg>({
        query: (queryArg) => ({ url: `/drug-class`, method: 'DELETE', body: queryArg.idBody }),
        invalidatesTags: ['drug-class'],
      }),
      getDrugClass: build.query<GetDrugClassApiResponse, GetDrugClassApiArg>({
        query: (queryArg) => ({
          url: `/drug-class/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['drug-class'],
      }),
      addDrugClassMember: build.mutation<AddDrugClassMemberApiResponse, AddDrugClassMemberApiArg>({
        query: (queryArg) => ({
          url: `/drug-class/member`,
          method: 'POST',
          body: queryArg.drugClassMemberCreate,
        }),
        invalidatesTags: ['drug-class'],
      }),
      removeDrugClassMember: build.mutation<
        RemoveDrugClassMemberApiResponse,
        RemoveDrugClassMemberApiArg
      >({
        query: (queryArg) => ({
          url: `/drug-class/member`,
          method: 'DELETE',
          body: queryArg.idBody,
        }),
        invalidatesTags: ['drug-class'],
      }),
      listClassRules: build.query<ListClassRulesApiResponse, ListClassRulesApiArg>({
        query: (queryArg) => ({
          url: `/class-rule`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
            kind: queryArg.kind,
            severity: queryArg.severity,
            drug_class_id: queryArg.drugClassId,
          },
        }),
        providesTags: ['class-rule'],
      }),
      createClassRule: build.mutation<CreateClassRuleApiResponse, CreateClassRuleApiArg>({
        query: (queryArg) => ({
          url: `/class-rule`,
          method: 'POST',
          body: queryArg.classRuleCreate,
        }),
        invalidatesTags: ['class-rule'],
      }),
      updateClassRule: build.mutation<UpdateClassRuleApiResponse, UpdateClassRuleApiArg>({
        query: (queryArg) => ({
          url: `/class-rule`,
          method: 'PUT',
          body: queryArg.classRuleUpdate,
        }),
        invalidatesTags: ['class-rule'],
      }),
      deleteClassRule: build.mutation<DeleteClassRuleApiResponse, DeleteClassRuleApiArg>({
        query: (queryArg) => ({ url: `/class-rule`, method: 'DELETE', body: queryArg.idBody }),
        invalidatesTags: ['class-rule'],
      }),
      getClassRule: build.query<GetClassRuleApiResponse, GetClassRuleApiArg>({
        query: (queryArg) => ({
          url: `/class-rule/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['class-rule'],
      }),
      listIngredients: build.query<ListIngredientsApiResponse, ListIngredientsApiArg>({
        query: (queryArg) => ({
          url: `/ingredient`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
            medication_id: queryArg.medicationId,
          },
        }),
        providesTags: ['ingredient'],
      }),
      createIngredient: build.mutation<CreateIngredientApiResponse, CreateIngredientApiArg>({
        query: (queryArg) => ({
          url: `/ingredient`,
          method: 'POST',
          body: queryArg.ingredientCreate,
        }),
        invalidatesTags: ['ingredient'],
      }),
      updateIngredient: build.mutation<UpdateIngredientApiResponse, UpdateIngredientApiArg>({
        query: (queryArg) => ({
          url: `/ingredient`,
          method: 'PUT',
          body: queryArg.ingredientUpdate,
        }),
        invalidatesTags: ['ingredient'],
      }),
      deleteIngredient: build.mutation<DeleteIngredientApiResponse, DeleteIngredientApiArg>({
        query: (queryArg) => ({ url: `/ingredient`, method: 'DELETE', body: queryArg.idBody }),
        invalidatesTags: ['ingredient'],
      }),
      getIngredient: build.query<GetIngredientApiResponse, GetIngredientApiArg>({
        query: (queryArg) => ({
          url: `/ingredient/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['ingredient'],
      }),
      addMedicationIngredient: build.mutation<
        AddMedicationIngredientApiResponse,
        AddMedicationIngredientApiArg
      >({
        query: (queryArg) => ({
          url: `/ingredient/medication`,
          method: 'POST',
          body: queryArg.medicationIngredientCreate,
        }),
        invalidatesTags: ['ingredient'],
      }),
      updateMedicationIngredient: build.mutation<
        UpdateMedicationIngredientApiResponse,
        UpdateMedicationIngredientApiArg
      >({
        query: (queryArg) => ({
          url: `/ingredient/medication`,
          method: 'PUT',
          body: queryArg.medicationIngredientUpdate,
        }),
        invalidatesTags: ['ingredient'],
      }),
      removeMedicationIngredient: build.mutation<
        RemoveMedicationIngredientApiResponse,
        RemoveMedicationIngredientApiArg
      >({
        query: (queryArg) => ({
          url: `/ingredient/medication`,
          method: 'DELETE',
          body: queryArg.idBody,
        }),
        invalidatesTags: ['ingredient'],
      }),
      addIngredientLimit: build.mutation<AddIngredientLimitApiResponse, AddIngredientLimitApiArg>({
        query: (queryArg) => ({
          url: `/ingredient/limit`,
          method: 'POST',
          body: queryArg.ingredientLimitCreate,
        }),
        invalidatesTags: ['ingredient'],
      }),
      updateIngredientLimit: build.mutation<
        UpdateIngredientLimitApiResponse,
        UpdateIngredientLimitApiArg
      >({
        query: (queryArg) => ({
          url: `/ingredient/limit`,
          method: 'PUT',
          body: queryArg.ingredientLimitUpdate,
        }),
        invalidatesTags: ['ingredient'],
      }),
      removeIngredientLimit: build.mutation<
        RemoveIngredientLimitApiResponse,
        RemoveIngredientLimitApiArg
      >({
        query: (queryArg) => ({
          url: `/ingredient/limit`,
          method: 'DELETE',
          body: queryArg.idBody,
        }),
        invalidatesTags: ['ingredient'],
      }),
      listRenalRules: build.query<ListRenalRulesApiResponse, ListRenalRulesApiArg>({
        query: (queryArg) => ({
          url: `/renal-rule`,
          params: {
            release: queryArg.release,
            medication_id: queryArg.medicationId,
            format: queryArg.format,
          },
        }),
        providesTags: ['renal-rule'],
      }),
      createRenalRule: build.mutation<CreateRenalRuleApiResponse, CreateRenalRuleApiArg>({
        query: (queryArg) => ({
          url: `/renal-rule`,
          method: 'POST',
          body: queryArg.renalRuleCreate,
        }),
        invalidatesTags: ['renal-rule'],
      }),
      updateRenalRule: build.mutation<UpdateRenalRuleApiResponse, UpdateRenalRuleApiArg>({
        query: (queryArg) => ({
          url: `/renal-rule`,
          method: 'PUT',
          body: queryArg.renalRuleUpdate,
        }),
        invalidatesTags: ['renal-rule'],
      }),
      deleteRenalRule: build.mutation<DeleteRenalRuleApiResponse, DeleteRenalRuleApiArg>({
        query: (queryArg) => ({ url: `/renal-rule`, method: 'DELETE', body: queryArg.idBody }),
        invalidatesTags: ['renal-rule'],
      }),
      listUsers: build.query<ListUsersApiResponse, ListUsersApiArg>({
        query: (queryArg) => ({
          url: `/users`,
          params: {
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['users'],
      }),
      getUserSearchHistory: build.query<
        GetUserSearchHistoryApiResponse,
        GetUserSearchHistoryApiArg
      >({
        query: (queryArg) => ({ url: `/users/${queryArg.id}/search-history` }),
        providesTags: ['users'],
      }),
      getDashboardStats: build.query<GetDashboardStatsApiResponse, GetDashboardStatsApiArg>({
        query: () => ({ url: `/dashboard/stats` }),
        providesTags: ['dashboard'],
      }),
      listDrugs: build.query<ListDrugsApiResponse, ListDrugsApiArg>({
        query: (queryArg) => ({
          url: `/drug`,
          params: {
            release: queryArg.release,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['drug'],
      }),
      createDrug: build.mutation<CreateDrugApiResponse, CreateDrugApiArg>({
        query: (queryArg) => ({ url: `/drug`, method: 'POST', body: queryArg.drugCreate }),
        invalidatesTags: ['drug'],
      }),
      updateDrug: build.mutation<UpdateDrugApiResponse, UpdateDrugApiArg>({
        query: (queryArg) => ({ url: `/drug`, method: 'PUT', body: queryArg.drugUpdate }),
        invalidatesTags: ['drug'],
      }),
      getDrug: build.query<GetDrugApiResponse, GetDrugApiArg>({
        query: (queryArg) => ({
          url: `/drug/${queryArg.id}`,
          params: {
            release: queryArg.release,
          },
        }),
        providesTags: ['drug'],
      }),
      deleteDrug: build.mutation<DeleteDrugApiResponse, DeleteDrugApiArg>({
        query: (queryArg) => ({
          url: `/drug/${queryArg.id}`,
          method: 'DELETE',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['drug'],
      }),
      safetyCheck: build.mutation<SafetyCheckApiResponse, SafetyCheckApiArg>({
        query: (queryArg) => ({
          url: `/safety-check`,
          method: 'POST',
          body: queryArg.safetyCheckRequest,
          params: {
            release: queryArg.release,
          },
        }),
        invalidatesTags: ['safety-check'],
      }),
      getDataQuality: build.query<GetDataQualityApiResponse, GetDataQualityApiArg>({
        query: (queryArg) => ({
          url: `/data-quality`,
          params: {
            q: queryArg.q,
            severity: queryArg.severity,
            kind: queryArg.kind,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['data-quality'],
      }),
      getDataQualitySummary: build.query<
        GetDataQualitySummaryApiResponse,
        GetDataQualitySummaryApiArg
      >({
        query: () => ({ url: `/data-quality/summary` }),
        providesTags: ['data-quality'],
      }),
      getMedicationDependents: build.query<
        GetMedicationDependentsApiResponse,
        GetMedicationDependentsApiArg
      >({
        query: (queryArg) => ({
          url: `/medications/${queryArg.id}/dependents`,
          params: {
            release: queryArg.release,
            limit: queryArg.limit,
          },
        }),
        providesTags: ['medication'],
      }),
      listAccounts: build.query<ListAccountsApiResponse, ListAccountsApiArg>({
        query: (queryArg) => ({
          url: `/accounts`,
          params: {
            q: queryArg.q,
            role: queryArg.role,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['accounts'],
      }),
      updateAccount: build.mutation<UpdateAccountApiResponse, UpdateAccountApiArg>({
        query: (queryArg) => ({
          url: `/accounts/${queryArg.id}`,
          method: 'PUT',
          body: queryArg.accountUpdate,
        }),
        invalidatesTags: ['accounts'],
      }),
      createResetLink: build.mutation<CreateResetLinkApiResponse, CreateResetLinkApiArg>({
        query: (queryArg) => ({ url: `/accounts/${queryArg.id}/reset-link`, method: 'POST' }),
        invalidatesTags: ['accounts'],
      }),
      endAccountSessions: build.mutation<EndAccountSessionsApiResponse, EndAccountSessionsApiArg>({
        query: (queryArg) => ({ url: `/accounts/${queryArg.id}/sessions`, method: 'DELETE' }),
        invalidatesTags: ['accounts'],
      }),
      listAuditEntries: build.query<ListAuditEntriesApiResponse, ListAuditEntriesApiArg>({
        query: (queryArg) => ({
          url: `/audit`,
          params: {
            entity: queryArg.entity,
            entity_id: queryArg.entityId,
            medication_id: queryArg.medicationId,
            actor_id: queryArg.actorId,
            action: queryArg.action,
            from: queryArg['from'],
            to: queryArg.to,
            q: queryArg.q,
            page: queryArg.page,
            page_size: queryArg.pageSize,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['audit'],
      }),
      getAuditEntry: build.query<GetAuditEntryApiResponse, GetAuditEntryApiArg>({
        query: (queryArg) => ({ url: `/audit/${queryArg.id}` }),
        providesTags: ['audit'],
      }),
      revertAuditEntry: build.mutation<RevertAuditEntryApiResponse, RevertAuditEntryApiArg>({
        query: (queryArg) => ({
          url: `/audit/${queryArg.id}/revert`,
          method: 'POST',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['audit'],
      }),
      listTestPrescriptions: build.query<
        ListTestPrescriptionsApiResponse,
        ListTestPrescriptionsApiArg
      >({
        query: () => ({ url: `/test-prescription` }),
        providesTags: ['test-prescription'],
      }),
      createTestPrescription: build.mutation<
        CreateTestPrescriptionApiResponse,
        CreateTestPrescriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/test-prescription`,
          method: 'POST',
          body: queryArg.testPrescriptionCreate,
        }),
        invalidatesTags: ['test-prescription'],
      }),
      updateTestPrescription: build.mutation<
        UpdateTestPrescriptionApiResponse,
        UpdateTestPrescriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/test-prescription`,
          method: 'PUT',
          body: queryArg.testPrescriptionUpdate,
        }),
        invalidatesTags: ['test-prescription'],
      }),
      getTestPrescription: build.query<GetTestPrescriptionApiResponse, GetTestPrescriptionApiArg>({
        query: (queryArg) => ({ url: `/test-prescription/${queryArg.id}` }),
        providesTags: ['test-prescription'],
      }),
      deleteTestPrescription: build.mutation<
        DeleteTestPrescriptionApiResponse,
        DeleteTestPrescriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/test-prescription/${queryArg.id}`,
          method: 'DELETE',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['test-prescription'],
      }),
      runTestPrescriptions: build.mutation<
        RunTestPrescriptionsApiResponse,
        RunTestPrescriptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/test-prescription/run`,
          method: 'POST',
          body: queryArg.testPrescriptionRunRequest,
        }),
        invalidatesTags: ['test-prescription'],
      }),
      runTestPrescription: build.mutation<
        RunTestPrescriptionApiResponse,
        RunTestPrescriptionApiArg
      >({
        query: (queryArg) => ({ url: `/test-prescription/${queryArg.id}/run`, method: 'POST' }),
        invalidatesTags: ['test-prescription'],
      }),
      acceptTestPrescription: build.mutation<
        AcceptTestPrescriptionApiResponse,
        AcceptTestPrescriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/test-prescription/${queryArg.id}/accept`,
          method: 'POST',
          body: queryArg.testPrescriptionAccept,
        }),
        invalidatesTags: ['test-prescription'],
      }),
      previewTestPrescriptionImpact: build.mutation<
        PreviewTestPrescriptionImpactApiResponse,
        PreviewTestPrescriptionImpactApiArg
      >({
        query: (queryArg) => ({
          url: `/test-prescription/impact`,
          method: 'POST',
          body: queryArg.testPrescriptionImpactRequest,
        }),
        invalidatesTags: ['test-prescription'],
      }),
      exportTestPrescriptions: build.query<
        ExportTestPrescriptionsApiResponse,
        ExportTestPrescriptionsApiArg
      >({
        query: () => ({ url: `/test-prescription/export` }),
        providesTags: ['test-prescription'],
      }),
      importTestPrescriptions: build.mutation<
        ImportTestPrescriptionsApiResponse,
        ImportTestPrescriptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/test-prescription/import`,
          method: 'POST',
          body: queryArg.testPrescriptionImport,
        }),
        invalidatesTags: ['test-prescription'],
      }),
      listReleases: build.query<ListReleasesApiResponse, ListReleasesApiArg>({
        query: (queryArg) => ({
          url: `/release`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
          },
        }),
        providesTags: ['release'],
      }),
      publishRelease: build.mutation<PublishReleaseApiResponse, PublishReleaseApiArg>({
        query: (queryArg) => ({ url: `/release`, method: 'POST', body: queryArg.publishRequest }),
        invalidatesTags: ['release'],
      }),
      getReleaseStatus: build.query<GetReleaseStatusApiResponse, GetReleaseStatusApiArg>({
        query: () => ({ url: `/release/status` }),
        providesTags: ['release'],
      }),
      getReleaseReadiness: build.query<GetReleaseReadinessApiResponse, GetReleaseReadinessApiArg>({
        query: () => ({ url: `/release/readiness` }),
        providesTags: ['release'],
      }),
      compareReleases: build.query<CompareReleasesApiResponse, CompareReleasesApiArg>({
        query: (queryArg) => ({
          url: `/release/compare`,
          params: {
            from: queryArg['from'],
            to: queryArg.to,
          },
        }),
        providesTags: ['release'],
      }),
      getRelease: build.query<GetReleaseApiResponse, GetReleaseApiArg>({
        query: (queryArg) => ({ url: `/release/${queryArg['number']}` }),
        providesTags: ['release'],
      }),
      cancelRelease: build.mutation<CancelReleaseApiResponse, CancelReleaseApiArg>({
        query: (queryArg) => ({ url: `/release/${queryArg['number']}`, method: 'DELETE' }),
        invalidatesTags: ['release'],
      }),
      listReleaseChanges: build.query<ListReleaseChangesApiResponse, ListReleaseChangesApiArg>({
        query: (queryArg) => ({
          url: `/release/${queryArg['number']}/changes`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            format: queryArg.format,
          },
        }),
        providesTags: ['release'],
      }),
      restoreRelease: build.mutation<RestoreReleaseApiResponse, RestoreReleaseApiArg>({
        query: (queryArg) => ({
          url: `/release/${queryArg['number']}/restore`,
          method: 'POST',
          body: queryArg.reasonBody,
        }),
        invalidatesTags: ['release'],
      }),
      listPendingChanges: build.query<ListPendingChangesApiResponse, ListPendingChangesApiArg>({
        query: () => ({ url: `/review` }),
        providesTags: ['review'],
      }),
      approveChange: build.mutation<ApproveChangeApiResponse, ApproveChangeApiArg>({
        query: (queryArg) => ({
          url: `/review/approve`,
          method: 'POST',
          body: queryArg.reviewRequest,
        }),
        invalidatesTags: ['review'],
      }),
      importReferenceData: build.mutation<
        ImportReferenceDataApiResponse,
        ImportReferenceDataApiArg
      >({
        query: (queryArg) => ({
          url: `/import`,
          method: 'POST',
          body: queryArg.body,
          params: {
            entity: queryArg.entity,
            dry_run: queryArg.dryRun,
            file_name: queryArg.fileName,
          },
        }),
        invalidatesTags: [
          'condition',
          'lifestyle',
          'drug-interaction',
          'ingredient',
          'drug-class',
          'medication',
          'test-prescription',
        ],
      }),
      rejectChange: build.mutation<RejectChangeApiResponse, RejectChangeApiArg>({
        query: (queryArg) => ({
          url: `/review/reject`,
          method: 'POST',
          body: queryArg.reviewRequest,
        }),
        invalidatesTags: ['review'],
      }),
      getCdsAlerts: build.query<GetCdsAlertsApiResponse, GetCdsAlertsApiArg>({
        query: () => ({ url: `/cds-services/alerts` }),
        providesTags: ['cds-hooks'],
      }),
      listApiClients: build.query<ListApiClientsApiResponse, ListApiClientsApiArg>({
        query: () => ({ url: `/api-clients` }),
        providesTags: ['api-clients'],
      }),
      createApiClient: build.mutation<CreateApiClientApiResponse, CreateApiClientApiArg>({
        query: (queryArg) => ({
          url: `/api-clients`,
          method: 'POST',
          body: queryArg.apiClientCreateRequest,
        }),
        invalidatesTags: ['api-clients'],
      }),
      revokeApiClient: build.mutation<RevokeApiClientApiResponse, RevokeApiClientApiArg>({
        query: (queryArg) => ({ url: `/api-clients/${queryArg.id}`, method: 'DELETE' }),
        invalidatesTags: ['api-clients'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type RegisterApiResponse =
  /** status 201 Account created. The first account while no administrator exists becomes an administrator; any later one is pending (`role: null`) until an administrator gives it a role, and cannot sign in before then. */ RegisterResponse;
export type RegisterApiArg = {
  registerRequest: RegisterRequest;
};
export type LoginApiResponse =
  /** status 200 Signed in. With `password_change_required: true` the token can only change the password (`PUT /auth/password`), read `GET /auth/me` and sign out until then; every other operation answers 403. */ LoginResponse;
export type LoginApiArg = {
  loginRequest: LoginRequest;
};
export type GetMeApiResponse = /** status 200 The signed-in user. */ UserResponse;
export type GetMeApiArg = void;
export type LogoutApiResponse = /** status 200 The token is revoked. */ MessageResponse;
export type LogoutApiArg = void;
export type UpdateProfileApiResponse = /** status 200 Profile updated. */ UserResponse;
export type UpdateProfileApiArg = {
  profileRequest: ProfileRequest;
};
export type ChangePasswordApiResponse =
  /** status 200 Password changed; other sessions are signed out. */ MessageResponse;
export type ChangePasswordApiArg = {
  changePasswordRequest: ChangePasswordRequest;
};
export type ForgotPasswordApiResponse = /** status 200 Accepted. */ MessageResponse;
export type ForgotPasswordApiArg = {
  forgotPasswordRequest: ForgotPasswordRequest;
};
export type ResetPasswordApiResponse =
  /** status 200 Password set; the reset token is used up. */ MessageResponse;
export type ResetPasswordApiArg = {
  resetPasswordRequest: ResetPasswordRequest;
};
export type ListMySessionsApiResponse =
  /** status 200 The signed-in account's active sessions, the most recently used first. */ SessionListResponse;
export type ListMySessionsApiArg = void;
export type EndOtherSessionsApiResponse =
  /** status 200 The other sessions are signed out. */ EndedSessionsResponse;
export type EndOtherSessionsApiArg = void;
export type ListConditionsApiResponse =
  | /** status 200 Every condition, by name. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`ConditionPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ ConditionPageResponse
  | ConditionListResponse;
export type ListConditionsApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of its name or its description. Empty or absent: every condition. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `name`): a field, descending with a leading `-`; texts sort case-insensitively, a missing description after every description (before them descending). Ties are broken by id. */
  sort?: ConditionSort;
};
export type CreateConditionApiResponse = /** status 201 Created. */ ConditionResponse;
export type CreateConditionApiArg = {
  conditionCreate: ConditionCreate;
};
export type UpdateConditionApiResponse = /** status 200 Updated. */ ConditionResponse;
export type UpdateConditionApiArg = {
  conditionUpdate: ConditionUpdate;
};
export type GetConditionApiResponse = /** status 200 One condition. */ ConditionResponse;
export type GetConditionApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type DeleteConditionApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteConditionApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type ListMedicationsApiResponse =
  | /** status 200 Every medication with its dosages and contraindications, by name. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`MedicationPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ MedicationPageResponse
  | MedicationListResponse;
export type ListMedicationsApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of its name. Empty or absent: every medication. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `name`): a field, descending with a leading `-`. `condition` is the condition's name; names sort case-insensitively; medications without a pregnancy category or average weight dosage come last ascending, first descending. Ties are broken by id. */
  sort?: MedicationSort;
  /** Only the medications for this condition. */
  conditionId?: Id;
  /** Only weight-based (`true`) or age-based (`false`) medications. */
  isDosageWeightBased?: boolean;
  /** Only the medications of this pregnancy category. */
  pregnancyCategory?: PregnancyCategory;
};
export type CreateMedicationApiResponse = /** status 201 Created. */ MedicationResponse;
export type CreateMedicationApiArg = {
  medicationCreate: MedicationCreate;
};
export type GetMedicationApiResponse =
  /** status 200 One medication with its dosages and contraindications. */ MedicationResponse;
export type GetMedicationApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type UpdateMedicationApiResponse = /** status 200 Updated. */ MedicationResponse;
export type UpdateMedicationApiArg = {
  medicationUpdate: MedicationUpdate;
};
export type DeleteMedicationApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteMedicationApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type AddWeightBasedDosageApiResponse = /** status 201 Created. */ WeightDosageResponse;
export type AddWeightBasedDosageApiArg = {
  weightDosageCreate: WeightDosageCreate;
};
export type AddAgeBasedDosageApiResponse = /** status 201 Created. */ AgeDosageResponse;
export type AddAgeBasedDosageApiArg = {
  ageDosageCreate: AgeDosageCreate;
};
export type UpdateWeightBasedDosageApiResponse = /** status 200 Updated. */ WeightDosageResponse;
export type UpdateWeightBasedDosageApiArg = {
  dosageUpdate: DosageUpdate;
};
export type UpdateAgeBasedDosageApiResponse = /** status 200 Updated. */ AgeDosageResponse;
export type UpdateAgeBasedDosageApiArg = {
  dosageUpdate: DosageUpdate;
};
export type AddContraindicationApiResponse =
  /** status 200 The condition is now linked to the medication; the link as stored now. */ ContraindicationResponse;
export type AddContraindicationApiArg = {
  contraindicationLink: ContraindicationLink;
};
export type RemoveContraindicationApiResponse = /** status 200 Removed. */ MessageResponse;
export type RemoveContraindicationApiArg = {
  contraindicationLink: ContraindicationLink;
};
export type ListAgeCategoriesApiResponse =
  | /** status 200 Every age category. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`AgeCategoryPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ AgeCategoryPageResponse
  | AgeCategoryListResponse;
export type ListAgeCategoriesApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of its category name, its unit or its description. Empty or absent: every age category. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `age_unit`, then by minimum): a field, descending with a leading `-`; categories without a name or description come last ascending, first descending. Ties are broken by id. */
  sort?: AgeCategorySort;
};
export type CreateAgeCategoryApiResponse = /** status 201 Created. */ AgeCategoryResponse;
export type CreateAgeCategoryApiArg = {
  ageCategoryCreate: AgeCategoryCreate;
};
export type UpdateAgeCategoryApiResponse = /** status 200 Updated. */ AgeCategoryResponse;
export type UpdateAgeCategoryApiArg = {
  ageCategoryUpdate: AgeCategoryUpdate;
};
export type GetAgeCategoryApiResponse = /** status 200 One age category. */ AgeCategoryResponse;
export type GetAgeCategoryApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type DeleteAgeCategoryApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteAgeCategoryApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type ListRenalCategoriesApiResponse =
  | /** status 200 Every renal function category. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`RenalCategoryPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ RenalCategoryPageResponse
  | RenalCategoryListResponse;
export type ListRenalCategoriesApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of its category name, its unit or its description. Empty or absent: every renal function category. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `egfr_unit`, then by minimum): a field, descending with a leading `-`; categories without a name or description come last ascending, first descending. Ties are broken by id. */
  sort?: RenalCategorySort;
};
export type CreateRenalCategoryApiResponse = /** status 201 Created. */ RenalCategoryResponse;
export type CreateRenalCategoryApiArg = {
  renalCategoryCreate: RenalCategoryCreate;
};
export type UpdateRenalCategoryApiResponse = /** status 200 Updated. */ RenalCategoryResponse;
export type UpdateRenalCategoryApiArg = {
  renalCategoryUpdate: RenalCategoryUpdate;
};
export type GetRenalCategoryApiResponse =
  /** status 200 One renal function category. */ RenalCategoryResponse;
export type GetRenalCategoryApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type DeleteRenalCategoryApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteRenalCategoryApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type ListWeightCategoriesApiResponse =
  | /** status 200 Every weight category. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`WeightCategoryPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ WeightCategoryPageResponse
  | WeightCategoryListResponse;
export type ListWeightCategoriesApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of its category name, its unit or its description. Empty or absent: every weight category. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `weight_unit`, then by minimum): a field, descending with a leading `-`; categories without a description come last ascending, first descending. Ties are broken by id. */
  sort?: WeightCategorySort;
};
export type CreateWeightCategoryApiResponse = /** status 201 Created. */ WeightCategoryResponse;
export type CreateWeightCategoryApiArg = {
  weightCategoryCreate: WeightCategoryCreate;
};
export type UpdateWeightCategoryApiResponse = /** status 200 Updated. */ WeightCategoryResponse;
export type UpdateWeightCategoryApiArg = {
  weightCategoryUpdate: WeightCategoryUpdate;
};
export type GetWeightCategoryApiResponse =
  /** status 200 One weight category. */ WeightCategoryResponse;
export type GetWeightCategoryApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type DeleteWeightCategoryApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteWeightCategoryApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type ListDrugInteractionsApiResponse =
  | /** status 200 Every interaction. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`DrugInteractionPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ DrugInteractionPageResponse
  | DrugInteractionListResponse;
export type ListDrugInteractionsApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of either medication's name, the severity or the description. Empty or absent: every interaction. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `medication`, then `interacting_medication`): a field, descending with a leading `-`. `medication` and `interacting_medication` are the names, case-insensitively; `severity` goes minor, moderate, major, contraindicated. Ties are broken by id. */
  sort?: DrugInteractionSort;
  /** Only the interactions of this severity. */
  severity?: Severity;
  /** Only the interactions of this medication, on either side. */
  medicationId?: Id;
  /** Only allergen (`true`) or non-allergen (`false`) interactions. */
  isAllergen?: boolean;
};
export type CreateDrugInteractionApiResponse = /** status 201 Created. */ DrugInteractionResponse;
export type CreateDrugInteractionApiArg = {
  drugInteractionCreate: DrugInteractionCreate;
};
export type UpdateDrugInteractionApiResponse = /** status 200 Updated. */ DrugInteractionResponse;
export type UpdateDrugInteractionApiArg = {
  drugInteractionUpdate: DrugInteractionUpdate;
};
export type DeleteDrugInteractionApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteDrugInteractionApiArg = {
  idBody: IdBody;
};
export type GetDrugInteractionApiResponse =
  /** status 200 One interaction. */ DrugInteractionResponse;
export type GetDrugInteractionApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type ListLifestylesApiResponse =
  | /** status 200 Every lifestyle, by name. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`LifestylePageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ LifestylePageResponse
  | LifestyleListResponse;
export type ListLifestylesApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of its name. Empty or absent: every lifestyle. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `name`, case-insensitively): descending with a leading `-`. Ties are broken by id. */
  sort?: LifestyleSort;
};
export type CreateLifestyleApiResponse = /** status 201 Created. */ LifestyleResponse;
export type CreateLifestyleApiArg = {
  lifestyleCreate: LifestyleCreate;
};
export type UpdateLifestyleApiResponse = /** status 200 Updated. */ LifestyleResponse;
export type UpdateLifestyleApiArg = {
  lifestyleUpdate: LifestyleUpdate;
};
export type DeleteLifestyleApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteLifestyleApiArg = {
  idBody: IdBody;
};
export type GetLifestyleApiResponse = /** status 200 One lifestyle. */ LifestyleResponse;
export type GetLifestyleApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type ListLifestyleContraindicationsApiResponse =
  /** status 200 Every lifestyle contraindication. */ LifestyleContraindicationListResponse;
export type ListLifestyleContraindicationsApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type CreateLifestyleContraindicationApiResponse =
  /** status 201 Created. */ LifestyleContraindicationResponse;
export type CreateLifestyleContraindicationApiArg = {
  lifestyleContraindicationCreate: LifestyleContraindicationCreate;
};
export type UpdateLifestyleContraindicationApiResponse =
  /** status 200 Updated. */ LifestyleContraindicationResponse;
export type UpdateLifestyleContraindicationApiArg = {
  lifestyleContraindicationUpdate: LifestyleContraindicationUpdate;
};
export type DeleteLifestyleContraindicationApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteLifestyleContraindicationApiArg = {
  idBody: IdBody;
};
export type ListDrugClassesApiResponse =
  | /** status 200 Every class, by name, with its members. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`DrugClassPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ DrugClassPageResponse
  | DrugClassListResponse;
export type ListDrugClassesApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a class matches when every word is part of its name, its ATC code or a member's name. Empty or absent: every class. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `name`, case-insensitively): a field, descending with a leading `-`. `duplicate_severity` goes from classes without one through minor to contraindicated. Ties are broken by id. */
  sort?: DrugClassSort;
  /** Only the classes this medication belongs to. */
  medicationId?: Id;
};
export type CreateDrugClassApiResponse = /** status 201 Created. */ DrugClassResponse;
export type CreateDrugClassApiArg = {
  drugClassCreate: DrugClassCreate;
};
export type UpdateDrugClassApiResponse = /** status 200 Updated. */ DrugClassResponse;
export type UpdateDrugClassApiArg = {
  drugClassUpdate: DrugClassUpdate;
};
export type DeleteDrugClassApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteDrugClassApiArg = {
  idBody: IdBody;
};
export type GetDrugClassApiResponse =
  /** status 200 One class with its members. */ DrugClassResponse;
export type GetDrugClassApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type AddDrugClassMemberApiResponse =
  /** status 201 Added; the class with its members. */ DrugClassResponse;
export type AddDrugClassMemberApiArg = {
  drugClassMemberCreate: DrugClassMemberCreate;
};
export type RemoveDrugClassMemberApiResponse = /** status 200 Removed. */ MessageResponse;
export type RemoveDrugClassMemberApiArg = {
  idBody: IdBody;
};
export type ListClassRulesApiResponse =
  | /** status 200 Every class rule. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`ClassRulePageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ ClassRulePageResponse
  | ClassRuleListResponse;
export type ListClassRulesApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a rule matches when every word is part of a class's or the medication's name, the severity or the description. Empty or absent: every rule. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `drug_class`, then `other`): a field, descending with a leading `-`. `other` is the other class's or the medication's name; `severity` goes minor, moderate, major, contraindicated. Ties are broken by id. */
  sort?: ClassRuleSort;
  /** Only the rules of this kind. */
  kind?: ClassRuleKind;
  /** Only the rules of this severity. */
  severity?: Severity;
  /** Only the rules naming this class, on either side. */
  drugClassId?: Id;
};
export type CreateClassRuleApiResponse = /** status 201 Created. */ ClassRuleResponse;
export type CreateClassRuleApiArg = {
  classRuleCreate: ClassRuleCreate;
};
export type UpdateClassRuleApiResponse = /** status 200 Updated. */ ClassRuleResponse;
export type UpdateClassRuleApiArg = {
  classRuleUpdate: ClassRuleUpdate;
};
export type DeleteClassRuleApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteClassRuleApiArg = {
  idBody: IdBody;
};
export type GetClassRuleApiResponse = /** status 200 One class rule. */ ClassRuleResponse;
export type GetClassRuleApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type ListIngredientsApiResponse =
  | /** status 200 Every ingredient, by name, with the medications containing it and its daily limits. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`IngredientPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ IngredientPageResponse
  | IngredientListResponse;
export type ListIngredientsApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: an ingredient matches when every word is part of its name or of a medication's name that contains it. Empty or absent: every ingredient. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `name`, case-insensitively): a field, descending with a leading `-`. Ties are broken by id. */
  sort?: IngredientSort;
  /** Only the ingredients of this medication. */
  medicationId?: Id;
};
export type CreateIngredientApiResponse = /** status 201 Created. */ IngredientResponse;
export type CreateIngredientApiArg = {
  ingredientCreate: IngredientCreate;
};
export type UpdateIngredientApiResponse = /** status 200 Updated. */ IngredientResponse;
export type UpdateIngredientApiArg = {
  ingredientUpdate: IngredientUpdate;
};
export type DeleteIngredientApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteIngredientApiArg = {
  idBody: IdBody;
};
export type GetIngredientApiResponse =
  /** status 200 One ingredient with its medications and daily limits. */ IngredientResponse;
export type GetIngredientApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type AddMedicationIngredientApiResponse =
  /** status 201 Added; the ingredient with its medications. */ IngredientResponse;
export type AddMedicationIngredientApiArg = {
  medicationIngredientCreate: MedicationIngredientCreate;
};
export type UpdateMedicationIngredientApiResponse =
  /** status 200 Updated; the ingredient with its medications. */ IngredientResponse;
export type UpdateMedicationIngredientApiArg = {
  medicationIngredientUpdate: MedicationIngredientUpdate;
};
export type RemoveMedicationIngredientApiResponse = /** status 200 Removed. */ MessageResponse;
export type RemoveMedicationIngredientApiArg = {
  idBody: IdBody;
};
export type AddIngredientLimitApiResponse =
  /** status 201 Added; the ingredient with its limits. */ IngredientResponse;
export type AddIngredientLimitApiArg = {
  ingredientLimitCreate: IngredientLimitCreate;
};
export type UpdateIngredientLimitApiResponse =
  /** status 200 Updated; the ingredient with its limits. */ IngredientResponse;
export type UpdateIngredientLimitApiArg = {
  ingredientLimitUpdate: IngredientLimitUpdate;
};
export type RemoveIngredientLimitApiResponse = /** status 200 Removed. */ MessageResponse;
export type RemoveIngredientLimitApiArg = {
  idBody: IdBody;
};
export type ListRenalRulesApiResponse =
  /** status 200 Every renal rule (or one medication's), by medication name and then eGFR, highest first. With `format=csv`: the same rules as a CSV download, the columns `POST /import?entity=renal-rules` reads. */ RenalRuleListResponse;
export type ListRenalRulesApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Only this medication's rules. */
  medicationId?: Id;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
};
export type CreateRenalRuleApiResponse = /** status 201 Created. */ RenalRuleResponse;
export type CreateRenalRuleApiArg = {
  renalRuleCreate: RenalRuleCreate;
};
export type UpdateRenalRuleApiResponse = /** status 200 Updated. */ RenalRuleResponse;
export type UpdateRenalRuleApiArg = {
  renalRuleUpdate: RenalRuleUpdate;
};
export type DeleteRenalRuleApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteRenalRuleApiArg = {
  idBody: IdBody;
};
export type ListUsersApiResponse =
  /** status 200 The page of users, and how many match in all. */ AdminUserListResponse;
export type ListUsersApiArg = {
  /** Words to search for, case-insensitively: a user matches when every word is part of their name or their e-mail address. Empty or absent: every user. */
  q?: string;
  /** The page, from 1. */
  page?: number;
  pageSize?: number;
  /** The order: a field, descending with a leading `-`. Names and e-mails sort case-insensitively; users never active come first when sorting by `last_active_at` ascending and last when descending; ties are broken by id. */
  sort?: AdminUserSort;
};
export type GetUserSearchHistoryApiResponse =
  /** status 200 The user's drug searches, newest first. */ SearchHistoryResponse;
export type GetUserSearchHistoryApiArg = {
  id: Id;
};
export type GetDashboardStatsApiResponse = /** status 200 The statistics. */ DashboardStatsResponse;
export type GetDashboardStatsApiArg = void;
export type ListDrugsApiResponse =
  | /** status 200 Every drug of the simple drug list, by name. With `q`, `sort`, `page`, `page_size` or a filter: one page of them (`DrugPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered list as a CSV download. */ DrugPageResponse
  | DrugListResponse;
export type ListDrugsApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** Words to search for, case-insensitively: a record matches when every word is part of its name, category, manufacturer, dosage or description. Empty or absent: every drug. */
  q?: string;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every record matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), streamed as a CSV download (`text/csv`, with a file name) with the columns the console's grid shows. Left out: JSON. */
  format?: 'csv';
  /** The order (default `name`): a field, descending with a leading `-`; texts sort case-insensitively. Ties are broken by id. */
  sort?: DrugSort;
};
export type CreateDrugApiResponse = /** status 201 Created. */ DrugResponse;
export type CreateDrugApiArg = {
  drugCreate: DrugCreate;
};
export type UpdateDrugApiResponse = /** status 200 Updated. */ DrugResponse;
export type UpdateDrugApiArg = {
  drugUpdate: DrugUpdate;
};
export type GetDrugApiResponse = /** status 200 One drug. */ DrugResponse;
export type GetDrugApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
};
export type DeleteDrugApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteDrugApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type SafetyCheckApiResponse =
  /** status 200 The verdict, completeness, the findings and the rules applied per medication. */ SafetyCheckResponse;
export type SafetyCheckApiArg = {
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  safetyCheckRequest: SafetyCheckRequest;
};
export type GetDataQualityApiResponse =
  | /** status 200 Every finding; an empty list when the data is clean. With `q`, `severity`, `kind`, `sort`, `page` or `page_size`: one page of them (`DataQualityPageResponse`, `meta.total` counting every match). With `format=csv`: the whole filtered report as a CSV download. */ DataQualityPageResponse
  | DataQualityResponse;
export type GetDataQualityApiArg = {
  /** Words to search for, case-insensitively: a finding matches when every word is part of its message. Empty or absent: every finding. No NUL character (U+0000), which no stored text can hold. */
  q?: string;
  /** Only the findings of this severity. */
  severity?: DataQualitySeverity;
  /** Only the findings of this kind. */
  kind?: DataQualityKind;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  /** `csv`: every finding matching `q` and the filters, in `sort` order (not one page: `page` and `page_size` are ignored), as a CSV download (`text/csv`, with a file name) of the columns severity, kind, entity, entity_id, related_id, medication_id and message. Left out: JSON. */
  format?: 'csv';
  /** The order (default: severity, kind, entity and id): a field, descending with a leading `-`. `severity` ranks error, warning, info; `record` is the entity, then its id; `message` sorts case-insensitively. Ties keep the default order. */
  sort?: DataQualitySort;
};
export type GetDataQualitySummaryApiResponse =
  /** status 200 The counts. */ DataQualitySummaryResponse;
export type GetDataQualitySummaryApiArg = void;
export type GetMedicationDependentsApiResponse =
  /** status 200 The medication's dependents. */ MedicationDependentsResponse;
export type GetMedicationDependentsApiArg = {
  id: Id;
  /** Which state of the reference data to read: a release's number, `latest` (the newest release in effect) or `draft` (the data as editors left it). Console staff read the draft unless they ask otherwise; app tokens (`audience: app`) read `latest` unless they ask otherwise, and an app user (role `user`) may not read the draft (403) nor a release not yet in effect. The answer's `X-Release` header says which was read: a number, or `draft`. An unknown release is a 404; `latest` before any release is in effect is a 404 too. */
  release?: string;
  /** The most items listed per kind. */
  limit?: number;
};
export type ListAccountsApiResponse =
  /** status 200 The page of accounts, and how many match in all. */ AccountListResponse;
export type ListAccountsApiArg = {
  /** Words to search for, case-insensitively: an account matches when every word is part of its name or e-mail address. Empty or absent: every account. */
  q?: string;
  /** Only accounts with this role; `pending` for accounts without one. */
  role?: AccountRoleFilter;
  /** The page, from 1. */
  page?: number;
  pageSize?: number;
  /** The order: a field, descending with a leading `-`. Names and e-mails sort case-insensitively; accounts never signed in come first when sorting by `last_sign_in_at` ascending and last when descending; ties are broken by id. */
  sort?: AccountSort;
};
export type UpdateAccountApiResponse = /** status 200 Updated. */ AccountResponse;
export type UpdateAccountApiArg = {
  id: Id;
  accountUpdate: AccountUpdate;
};
export type CreateResetLinkApiResponse = /** status 201 The link, shown once. */ ResetLinkResponse;
export type CreateResetLinkApiArg = {
  id: Id;
};
export type EndAccountSessionsApiResponse =
  /** status 200 The account's sessions are signed out. */ EndedSessionsResponse;
export type EndAccountSessionsApiArg = {
  id: Id;
};
export type ListAuditEntriesApiResponse =
  /** status 200 The page of entries, and how many match in all. */ AuditListResponse;
export type ListAuditEntriesApiArg = {
  entity?: AuditEntity;
  /** Entries about this record (with `entity`). */
  entityId?: Id;
  /** Entries about this medication or anything that belongs to it: its dosages, condition and lifestyle contraindications, and the interactions it takes part in. */
  medicationId?: Id;
  /** Entries made by this account. */
  actorId?: Id;
  action?: AuditAction;
  /** Entries at or after this instant. */
  from?: Timestamp;
  /** Entries before this instant. */
  to?: Timestamp;
  /** Words to search for, case-insensitively: an entry matches when every word is part of its label or its reason. */
  q?: string;
  /** The page, from 1. */
  page?: number;
  pageSize?: number;
  /** The order: a field, descending with a leading `-`; ties are broken by the entry's id in the same direction. `actor` sorts by the actor's name case-insensitively. */
  sort?: AuditSort;
};
export type GetAuditEntryApiResponse = /** status 200 One history entry. */ AuditEntryResponse;
export type GetAuditEntryApiArg = {
  id: Id;
};
export type RevertAuditEntryApiResponse =
  /** status 201 Reverted; `data` is the new entry. */ AuditEntryResponse;
export type RevertAuditEntryApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type ListTestPrescriptionsApiResponse =
  /** status 200 The test prescriptions and the summary of their last results. */ TestPrescriptionListResponse;
export type ListTestPrescriptionsApiArg = void;
export type CreateTestPrescriptionApiResponse =
  /** status 201 Created, with its first result. */ TestPrescriptionResponse;
export type CreateTestPrescriptionApiArg = {
  testPrescriptionCreate: TestPrescriptionCreate;
};
export type UpdateTestPrescriptionApiResponse =
  /** status 200 Updated, with its new result. */ TestPrescriptionResponse;
export type UpdateTestPrescriptionApiArg = {
  testPrescriptionUpdate: TestPrescriptionUpdate;
};
export type GetTestPrescriptionApiResponse =
  /** status 200 One test prescription. */ TestPrescriptionResponse;
export type GetTestPrescriptionApiArg = {
  id: Id;
};
export type DeleteTestPrescriptionApiResponse = /** status 200 Deleted. */ MessageResponse;
export type DeleteTestPrescriptionApiArg = {
  id: Id;
  reasonBody: ReasonBody;
};
export type RunTestPrescriptionsApiResponse =
  /** status 200 One result per test run, by name, and the summary of all stored results. */ TestPrescriptionRunResponse;
export type RunTestPrescriptionsApiArg = {
  testPrescriptionRunRequest: TestPrescriptionRunRequest;
};
export type RunTestPrescriptionApiResponse =
  /** status 200 The test's result, and the summary of all stored results. */ TestPrescriptionRunResponse;
export type RunTestPrescriptionApiArg = {
  id: Id;
};
export type AcceptTestPrescriptionApiResponse =
  /** status 200 Accepted; the test as now stored. */ TestPrescriptionResponse;
export type AcceptTestPrescriptionApiArg = {
  id: Id;
  testPrescriptionAccept: TestPrescriptionAccept;
};
export type PreviewTestPrescriptionImpactApiResponse =
  /** status 200 The tests the write would alter. */ TestPrescriptionImpactResponse;
export type PreviewTestPrescriptionImpactApiArg = {
  testPrescriptionImpactRequest: TestPrescriptionImpactRequest;
};
export type ExportTestPrescriptionsApiResponse =
  /** status 200 The test prescriptions. */ TestPrescriptionExport;
export type ExportTestPrescriptionsApiArg = void;
export type ImportTestPrescriptionsApiResponse =
  /** status 200 Imported. */ TestPrescriptionImportResponse;
export type ImportTestPrescriptionsApiArg = {
  testPrescriptionImport: TestPrescriptionImport;
};
export type ListReleasesApiResponse = /** status 200 One page of releases. */ ReleasePageResponse;
export type ListReleasesApiArg = {
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
};
export type PublishReleaseApiResponse = /** status 201 Published. */ ReleaseResponse;
export type PublishReleaseApiArg = {
  publishRequest: PublishRequest;
};
export type GetReleaseStatusApiResponse =
  /** status 200 The draft's status. */ ReleaseStatusResponse;
export type GetReleaseStatusApiArg = void;
export type GetReleaseReadinessApiResponse =
  /** status 200 The blockers and the results they come from. */ ReleaseReadinessResponse;
export type GetReleaseReadinessApiArg = void;
export type CompareReleasesApiResponse = /** status 200 The differences. */ ReleaseCompareResponse;
export type CompareReleasesApiArg = {
  from: ReleaseRef;
  to: ReleaseRef;
};
export type GetReleaseApiResponse = /** status 200 The release. */ ReleaseDetailResponse;
export type GetReleaseApiArg = {
  number: number;
};
export type CancelReleaseApiResponse = /** status 200 Cancelled. */ MessageResponse;
export type CancelReleaseApiArg = {
  number: number;
};
export type ListReleaseChangesApiResponse =
  /** status 200 One page of entries, or the CSV. */ ReleaseChangesResponse;
export type ListReleaseChangesApiArg = {
  number: number;
  /** The page, from 1 (1 when left out). */
  page?: number;
  /** How many records a page holds (25 when left out). */
  pageSize?: number;
  format?: 'csv';
};
export type RestoreReleaseApiResponse =
  /** status 200 The draft now equals the release; `data.changes` counts the records written. */ RestoreResponse;
export type RestoreReleaseApiArg = {
  /** A release's number, or `latest` to discard every unpublished change. */
  number: string;
  reasonBody: ReasonBody;
};
export type ListPendingChangesApiResponse =
  /** status 200 The pending changes, by entity and record. */ PendingChangeListResponse;
export type ListPendingChangesApiArg = void;
export type ApproveChangeApiResponse = /** status 200 Approved. */ PendingChangeResponse;
export type ApproveChangeApiArg = {
  reviewRequest: ReviewRequest;
};
export type ImportReferenceDataApiResponse =
  /** status 200 The preview (dry run), or what was stored. */ ImportResponse;
export type ImportReferenceDataApiArg = {
  /** The entity a CSV file holds (required for a CSV: a 400 without it); left out for a FHIR Bundle. */
  entity?: ImportEntity;
  /** True (the default) to preview without storing anything. */
  dryRun?: boolean;
  /** The file's name, for the history's reason ("Import of interactions.csv"). */
  fileName?: string;
  body: any;
};
export type RejectChangeApiResponse =
  /** status 200 Rejected; the record has the release's values again. */ MessageResponse;
export type RejectChangeApiArg = {
  reviewRequest: ReviewRequest;
};
export type GetCdsAlertsApiResponse = /** status 200 The rules. */ CdsAlertsResponse;
export type GetCdsAlertsApiArg = void;
export type ListApiClientsApiResponse = /** status 200 The clients. */ ApiClientListResponse;
export type ListApiClientsApiArg = void;
export type CreateApiClientApiResponse =
  /** status 201 Made; `secret` is shown only now. */ ApiClientCreatedResponse;
export type CreateApiClientApiArg = {
  apiClientCreateRequest: ApiClientCreateRequest;
};
export type RevokeApiClientApiResponse = /** status 200 Revoked. */ ApiClientResponse;
export type RevokeApiClientApiArg = {
  id: Id;
};
export type Id = number;
export type RoleName = 'admin' | 'editor' | 'viewer' | 'user';
export type Role = RoleName | null;
export type Timestamp = string;
export type User = {
  id: Id;
  name: string;
  email: string;
  role: Role;
  created_at: Timestamp;
};
export type RegisterResponse = {
  message: string;
  user: User;
};
export type Error = {
  message: string;
  errors?: {
    [key: string]: string[];
  };
};
export type Name = string;
export type Email = string;
export type Password = string;
export type RegisterRequest = {
  name: Name;
  email: Email;
  password: Password;
};
export type LoginResponse = {
  message: string;
  user: User;
  token: string;
  /** Present (true) when the account must choose a new password first: it was an app user given a console role. Until `PUT /auth/password` succeeds, the token may only change the password, read `GET /auth/me` and sign out. */
  password_change_required?: boolean;
};
export type LoginRequest = {
  email: string;
  password: string;
  /** `console` (the default) signs in to the console: staff only. `app` signs an app user (or staff) in to the reference data: the token reads reference data (latest release by default) and runs the safety check, and nothing else. */
  audience?: 'console' | 'app';
};
export type UserResponse = {
  data: User;
  message?: string;
};
export type MessageResponse = {
  message: string;
};
export type Reason = string;
export type ProfileRequest = {
  name: Name;
  email: Email;
  current_password?: string;
  reason?: Reason;
};
export type ChangePasswordRequest = {
  current_password: string;
  new_password: Password;
};
export type ForgotPasswordRequest = {
  email: Email;
};
export type ResetPasswordRequest = {
  token: string;
  password: Password;
};
export type Session = {
  id: Id;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  /** True for the session making this call. */
  current: boolean;
};
export type SessionListResponse = {
  data: Session[];
};
export type EndedSessionsResponse = {
  message: string;
  /** How many sessions were signed out. */
  ended: number;
};
export type CodeSystem =
  | 'http://www.whocc.no/atc'
  | 'http://www.nlm.nih.gov/research/umls/rxnorm'
  | 'http://hl7.org/fhir/sid/icd-10'
  | 'http://snomed.info/sct';
export type Code = {
  system: CodeSystem;
  code: string;
  display?: string | null;
};
export type Condition = {
  id: Id;
  name: string;
  description: string | null;
  /** Marked on conditions such as chronic kidney disease: a patient with one and no eGFR given gets a `not_checked` finding for each prescribed medication with renal rules. */
  affects_kidney_function: boolean;
  /** Its standard codes, in the order given. */
  codes: Code[];
};
export type PageMeta = {
  /** How many records match, on all pages. */
  total: number;
  page: number;
  page_size: number;
};
export type ConditionPageResponse = {
  data: Condition[];
  meta: PageMeta;
};
export type ConditionListResponse = {
  data: Condition[];
};
export type ConditionSort = 'name' | '-name' | 'description' | '-description';
export type ConditionResponse = {
  data: Condition;
  message?: string;
};
export type Description = string;
export type Codes = Code[];
export type ConditionCreate = {
  name: Name;
  description?: Description | null;
  /** Left out of an update, unchanged; of a create, false. */
  affects_kidney_function?: boolean;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type ConditionUpdate = {
  id: Id;
  name: Name;
  description?: Description | null;
  /** Left out of an update, unchanged; of a create, false. */
  affects_kidney_function?: boolean;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type ReasonBody = {
  reason?: Reason;
};
export type Flag = 0 | 1;
export type DosageUnit = 'mg' | 'ml' | 'g' | 'mcg' | 'mg/kg' | 'mcg/kg' | 'tablet' | 'capsule';
export type DosagePerWeight = {
  dosage: number;
  dosage_unit: DosageUnit;
};
export type FrequencyUnit =
  | 'hours'
  | 'days'
  | 'weeks'
  | 'months'
  | 'x daily'
  | 'x weekly'
  | 'x monthly'
  | 'x yearly'
  | 'times/day'
  | 'times/week'
  | 'times/month'
  | 'times/year'
  | 'every day';
export type DurationUnit = 'hours' | 'days' | 'weeks' | 'months' | 'every day';
export type DosageRead = {
  id: Id;
  medication_id: Id;
  min_dosage: number;
  max_dosage: number;
  dosage_unit: DosageUnit;
  min_frequency: number;
  max_frequency: number;
  frequency_unit: FrequencyUnit;
  min_frequency_duration: number;
  max_frequency_duration: number;
  frequency_duration_unit: DurationUnit;
  max_daily_dosage: number | null;
  /** The most in one dose, in the dosage unit without "per kg"; null, none. */
  max_dose: number | null;
};
export type WeightUnit = 'kg' | 'lbs';
export type WeightCategoryName = 'Underweight' | 'Normal' | 'Overweight' | 'Obese';
export type WeightCategory = {
  id: Id;
  min_weight: number;
  max_weight: number;
  weight_unit: WeightUnit;
  category_name: WeightCategoryName;
  description: string | null;
  /** The youngest patient the category is meant for, in years (null: no bound). The safety check takes no rule from a category for a patient outside its ages. */
  min_age_years: number | null;
  /** The oldest patient the category is meant for, in years (null, no bound). */
  max_age_years: number | null;
};
export type WeightDosage = DosageRead & {
  weight_category_id: Id;
  weight_category: WeightCategory;
};
export type AgeUnit = 'years' | 'months' | 'days';
export type AgeCategoryName = 'Adult' | 'Pediatric' | 'Geriatric';
export type AgeCategory = {
  id: Id;
  min_age: number;
  max_age: number;
  age_unit: AgeUnit;
  category_name: AgeCategoryName | null;
  description: string | null;
};
export type AgeDosage = DosageRead & {
  age_category_id: Id;
  age_category: AgeCategory;
};
export type ContraindicationLevel = 'contraindicated' | 'caution';
export type Severity = 'minor' | 'moderate' | 'major' | 'contraindicated';
export type ContraindicationSeverity = Severity;
export type ConditionContraindication = {
  id: Id;
  name: string;
  description: string | null;
  level: ContraindicationLevel;
  severity: ContraindicationSeverity;
};
export type NamedRef = {
  id: Id;
  name: string;
};
export type LifestyleContraindication = {
  id: Id;
  medication_id: Id;
  lifestyle_id: Id;
  /** How much the lifestyle matters with the medication: the severity of the safety check's finding for a patient with both. */
  severity: Severity;
  lifestyle: NamedRef;
  medication: NamedRef;
};
export type PregnancyCategory = 'A' | 'B' | 'C' | 'D' | 'X';
export type AgeLimit = {
  min_age: number | null;
  max_age: number | null;
  unit: AgeUnit;
  severity: Severity;
};
export type Medication = {
  id: Id;
  name: string;
  condition_id: Id;
  condition: Condition;
  is_dosage_weight_based: Flag;
  avg_weight_dosage: number | null;
  avg_weight_dosage_unit: DosageUnit;
  /** The average weight dosage as a list (empty when none is recorded). */
  dosage_per_weight: DosagePerWeight[];
  weight_category_dosages: WeightDosage[];
  age_category_dosages: AgeDosage[];
  /** The conditions the medication is contraindicated in or to be used with caution in, each with its level. */
  condition_contraindications: ConditionContraindication[];
  /** The ids of the conditions in `condition_contraindications`. */
  contraindications: Id[];
  medical_lifestyle_contraindications: LifestyleContraindication[];
  /** The legacy FDA letter category, or null when none is recorded. */
  pregnancy_category: PregnancyCategory | null;
  /** The ages outside which the medication must not be given, or null. */
  age_limit: AgeLimit | null;
  /** Its standard codes, in the order given. */
  codes: Code[];
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type MedicationPageResponse = {
  data: Medication[];
  meta: PageMeta;
};
export type MedicationListResponse = {
  data: Medication[];
};
export type MedicationSort =
  | 'name'
  | '-name'
  | 'condition'
  | '-condition'
  | 'is_dosage_weight_based'
  | '-is_dosage_weight_based'
  | 'avg_weight_dosage'
  | '-avg_weight_dosage'
  | 'pregnancy_category'
  | '-pregnancy_category'
  | 'created_at'
  | '-created_at'
  | 'updated_at'
  | '-updated_at';
export type MedicationResponse = {
  data: Medication;
  message?: string;
};
export type Amount = number;
export type PregnancyCategoryInput = PregnancyCategory | '' | null;
export type MaxDailyDosage = number | null;
export type MaxDose = number | null;
export type WeightDosageBlock = {
  weight_category_id: Id;
  min_dosage: Amount;
  max_dosage: Amount;
  dosage_unit: DosageUnit;
  min_frequency: Amount;
  max_frequency: Amount;
  frequency_unit: FrequencyUnit;
  min_duration: Amount;
  max_duration: Amount;
  duration_unit: DurationUnit;
  max_daily_dosage?: MaxDailyDosage;
  max_dose?: MaxDose;
};
export type AgeDosageBlock = {
  age_category_id: Id;
  min_dosage: Amount;
  max_dosage: Amount;
  dosage_unit: DosageUnit;
  min_frequency: Amount;
  max_frequency: Amount;
  frequency_unit: FrequencyUnit;
  min_duration: Amount;
  max_duration: Amount;
  duration_unit: DurationUnit;
  max_daily_dosage?: MaxDailyDosage;
  max_dose?: MaxDose;
};
export type MedicationCreate = {
  name: Name;
  condition_id: Id;
  is_dosage_weight_based: boolean;
  avg_weight_dosage?: Amount | null;
  avg_weight_dosage_unit?: DosageUnit;
  /** The conditions it is contraindicated in (level `contraindicated`); a caution is added with `PUT /medication/add-contraindications`. */
  contraindications?: Id[];
  pregnancy_category?: PregnancyCategoryInput;
  weight_dosage?: WeightDosageBlock;
  age_dosage?: AgeDosageBlock;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type MedicationUpdate = {
  id: Id;
  name: Name;
  pregnancy_category?: PregnancyCategoryInput;
  /** Left out, unchanged; null removes the limit. */
  age_limit?: AgeLimit | null;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type WeightDosageResponse = {
  data: WeightDosage;
  message?: string;
};
export type WeightDosageCreate = {
  medication_id: Id;
  weight_category_id: Id;
  min_dosage: Amount;
  max_dosage: Amount;
  dosage_unit: DosageUnit;
  min_frequency: Amount;
  max_frequency: Amount;
  frequency_unit: FrequencyUnit;
  min_duration: Amount;
  max_duration: Amount;
  duration_unit: DurationUnit;
  max_daily_dosage?: MaxDailyDosage;
  max_dose?: MaxDose;
  reason?: Reason;
};
export type AgeDosageResponse = {
  data: AgeDosage;
  message?: string;
};
export type AgeDosageCreate = {
  medication_id: Id;
  age_category_id: Id;
  min_dosage: Amount;
  max_dosage: Amount;
  dosage_unit: DosageUnit;
  min_frequency: Amount;
  max_frequency: Amount;
  frequency_unit: FrequencyUnit;
  min_duration: Amount;
  max_duration: Amount;
  duration_unit: DurationUnit;
  max_daily_dosage?: MaxDailyDosage;
  max_dose?: MaxDose;
  reason?: Reason;
};
export type DosageUpdate = {
  id: Id;
  min_dosage: Amount;
  max_dosage: Amount;
  dosage_unit: DosageUnit;
  min_frequency: Amount;
  max_frequency: Amount;
  frequency_unit: FrequencyUnit;
  min_duration: Amount;
  max_duration: Amount;
  duration_unit: DurationUnit;
  max_daily_dosage?: MaxDailyDosage;
  max_dose?: MaxDose;
  reason?: Reason;
};
export type ContraindicationResponse = {
  /** The link as stored now. */
  data: {
    medication_id: Id;
    condition_id: Id;
    level: ContraindicationLevel;
    severity: ContraindicationSeverity;
  };
  message?: string;
};
export type CautionSeverity = 'minor' | 'moderate' | 'major';
export type ContraindicationLink = {
  medication_id: Id;
  condition_id: Id;
  level?: ContraindicationLevel;
  severity?: CautionSeverity;
  reason?: Reason;
};
export type AgeCategoryPageResponse = {
  data: AgeCategory[];
  meta: PageMeta;
};
export type AgeCategoryListResponse = {
  data: AgeCategory[];
};
export type AgeCategorySort =
  | 'min_age'
  | '-min_age'
  | 'max_age'
  | '-max_age'
  | 'age_unit'
  | '-age_unit'
  | 'category_name'
  | '-category_name'
  | 'description'
  | '-description';
export type AgeCategoryResponse = {
  data: AgeCategory;
  message?: string;
};
export type AgeCategoryCreate = {
  minimum_age: Amount;
  maximum_age: Amount;
  unit: AgeUnit;
  category?: AgeCategoryName | null;
  description?: Description | null;
  reason?: Reason;
};
export type AgeCategoryUpdate = {
  id: Id;
  minimum_age: Amount;
  maximum_age: Amount;
  unit: AgeUnit;
  category?: AgeCategoryName | null;
  description?: Description | null;
  reason?: Reason;
};
export type RenalUnit = 'mL/min/1.73m2';
export type RenalCategoryName = 'G1' | 'G2' | 'G3a' | 'G3b' | 'G4' | 'G5';
export type RenalCategory = {
  id: Id;
  min_egfr: number;
  max_egfr: number;
  egfr_unit: RenalUnit;
  category_name: RenalCategoryName | null;
  description: string | null;
};
export type RenalCategoryPageResponse = {
  data: RenalCategory[];
  meta: PageMeta;
};
export type RenalCategoryListResponse = {
  data: RenalCategory[];
};
export type RenalCategorySort =
  | 'min_egfr'
  | '-min_egfr'
  | 'max_egfr'
  | '-max_egfr'
  | 'egfr_unit'
  | '-egfr_unit'
  | 'category_name'
  | '-category_name'
  | 'description'
  | '-description';
export type RenalCategoryResponse = {
  data: RenalCategory;
  message?: string;
};
export type Egfr = number;
export type RenalCategoryCreate = {
  minimum_egfr: Egfr;
  maximum_egfr: Egfr;
  unit?: RenalUnit;
  category?: RenalCategoryName | null;
  description?: Description | null;
  reason?: Reason;
};
export type RenalCategoryUpdate = {
  id: Id;
  minimum_egfr: Egfr;
  maximum_egfr: Egfr;
  unit?: RenalUnit;
  category?: RenalCategoryName | null;
  description?: Description | null;
  reason?: Reason;
};
export type WeightCategoryPageResponse = {
  data: WeightCategory[];
  meta: PageMeta;
};
export type WeightCategoryListResponse = {
  data: WeightCategory[];
};
export type WeightCategorySort =
  | 'min_weight'
  | '-min_weight'
  | 'max_weight'
  | '-max_weight'
  | 'weight_unit'
  | '-weight_unit'
  | 'category_name'
  | '-category_name'
  | 'description'
  | '-description';
export type WeightCategoryResponse = {
  data: WeightCategory;
  message?: string;
};
export type CategoryAgeYears = number | null;
export type WeightCategoryCreate = {
  minimum_weight: Amount;
  maximum_weight: Amount;
  unit: WeightUnit;
  category: WeightCategoryName;
  description?: Description | null;
  minimum_age_years?: CategoryAgeYears;
  maximum_age_years?: CategoryAgeYears;
  reason?: Reason;
};
export type WeightCategoryUpdate = {
  id: Id;
  minimum_weight: Amount;
  maximum_weight: Amount;
  unit: WeightUnit;
  category: WeightCategoryName;
  description?: Description | null;
  minimum_age_years?: CategoryAgeYears;
  maximum_age_years?: CategoryAgeYears;
  reason?: Reason;
};
export type DrugInteraction = {
  id: Id;
  medication_id: Id;
  interacting_medication_id: Id;
  medication: NamedRef;
  interacting_medication: NamedRef;
  severity: Severity;
  description: string;
  is_allergen: Flag;
  created_at: Timestamp;
};
export type DrugInteractionPageResponse = {
  data: DrugInteraction[];
  meta: PageMeta;
};
export type DrugInteractionListResponse = {
  data: DrugInteraction[];
};
export type DrugInteractionSort =
  | 'medication'
  | '-medication'
  | 'interacting_medication'
  | '-interacting_medication'
  | 'severity'
  | '-severity'
  | 'description'
  | '-description'
  | 'is_allergen'
  | '-is_allergen'
  | 'created_at'
  | '-created_at';
export type DrugInteractionResponse = {
  data: DrugInteraction;
  message?: string;
};
export type InteractionDescription = string;
export type DrugInteractionCreate = {
  medication_id: Id;
  interacting_medication_id: Id;
  severity: Severity;
  description: InteractionDescription;
  is_allergen?: boolean;
  reason?: Reason;
};
export type DrugInteractionUpdate = {
  id: Id;
  medication_id?: Id;
  interacting_medication_id?: Id;
  severity: Severity;
  description: InteractionDescription;
  is_allergen?: boolean;
  reason?: Reason;
};
export type IdBody = {
  id: Id;
  reason?: Reason;
};
export type Lifestyle = {
  id: Id;
  name: string;
};
export type LifestylePageResponse = {
  data: Lifestyle[];
  meta: PageMeta;
};
export type LifestyleListResponse = {
  data: Lifestyle[];
};
export type LifestyleSort = 'name' | '-name';
export type LifestyleResponse = {
  data: Lifestyle;
  message?: string;
};
export type LifestyleCreate = {
  name: Name;
  reason?: Reason;
};
export type LifestyleUpdate = {
  id: Id;
  name: Name;
  reason?: Reason;
};
export type LifestyleContraindicationListResponse = {
  data: LifestyleContraindication[];
};
export type LifestyleContraindicationResponse = {
  data: LifestyleContraindication;
  message?: string;
};
export type LifestyleContraindicationCreate = {
  medication_id: Id;
  lifestyle_id: Id;
  /** The finding's severity; `major` when left out. */
  severity?: Severity;
  reason?: Reason;
};
export type LifestyleContraindicationUpdate = {
  id: Id;
  severity: Severity;
  reason?: Reason;
};
export type DrugClassMember = {
  id: Id;
  medication_id: Id;
  name: string;
};
export type DrugClass = {
  id: Id;
  name: string;
  atc_code: string | null;
  /** Set when two members prescribed together are a duplicate therapy (two statins): the severity of the safety check's `duplicate_therapy` finding. Null: members may be combined. */
  duplicate_severity: Severity | null;
  /** The member medications, by name. */
  members: DrugClassMember[];
  member_count: number;
  /** Its standard codes, in the order given. */
  codes: Code[];
};
export type DrugClassPageResponse = {
  data: DrugClass[];
  meta: PageMeta;
};
export type DrugClassListResponse = {
  data: DrugClass[];
};
export type DrugClassSort =
  | 'name'
  | '-name'
  | 'atc_code'
  | '-atc_code'
  | 'duplicate_severity'
  | '-duplicate_severity'
  | 'member_count'
  | '-member_count';
export type DrugClassResponse = {
  data: DrugClass;
  message?: string;
};
export type AtcCode = string;
export type DrugClassCreate = {
  name: Name;
  atc_code?: AtcCode | null;
  duplicate_severity?: Severity | null;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type DrugClassUpdate = {
  id: Id;
  name: Name;
  atc_code?: AtcCode | null;
  duplicate_severity?: Severity | null;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type DrugClassMemberCreate = {
  drug_class_id: Id;
  medication_id: Id;
  reason?: Reason;
};
export type ClassRuleKind = 'interaction' | 'cross_sensitivity';
export type ClassRule = {
  id: Id;
  kind: ClassRuleKind;
  drug_class_id: Id;
  other_class_id: Id | null;
  other_medication_id: Id | null;
  drug_class: NamedRef;
  other_class: NamedRef | null;
  other_medication: NamedRef | null;
  severity: Severity;
  description: string;
};
export type ClassRulePageResponse = {
  data: ClassRule[];
  meta: PageMeta;
};
export type ClassRuleListResponse = {
  data: ClassRule[];
};
export type ClassRuleSort =
  'drug_class' | '-drug_class' | 'other' | '-other' | 'kind' | '-kind' | 'severity' | '-severity';
export type ClassRuleResponse = {
  data: ClassRule;
  message?: string;
};
export type ClassRuleCreate = {
  kind: ClassRuleKind;
  drug_class_id: Id;
  other_class_id?: Id;
  other_medication_id?: Id;
  severity: Severity;
  description: InteractionDescription;
  reason?: Reason;
};
export type ClassRuleUpdate = {
  id: Id;
  severity: Severity;
  description: InteractionDescription;
  reason?: Reason;
};
export type IngredientUnit = 'mg' | 'mcg' | 'g';
export type ProductUnit = 'tablet' | 'capsule' | 'ml';
export type MedicationIngredient = {
  id: Id;
  medication_id: Id;
  /** The medication's name. */
  name: string;
  amount: number | null;
  amount_unit: IngredientUnit | null;
  per_unit: ProductUnit | null;
};
export type IngredientLimitUnit = 'mg' | 'mcg' | 'g' | 'mg/kg' | 'mcg/kg';
export type IngredientLimit = {
  id: Id;
  basis: 'age' | 'weight';
  category_id: Id;
  /** The category's readable label ("Adult (18–65 years)"). */
  category: string;
  max_daily_amount: number;
  unit: IngredientLimitUnit;
};
export type Ingredient = {
  id: Id;
  name: string;
  /** The medications containing it, by name, with its strength in each. */
  medications: MedicationIngredient[];
  /** Its maximum daily amounts by category. */
  limits: IngredientLimit[];
  /** Its standard codes, in the order given. */
  codes: Code[];
};
export type IngredientPageResponse = {
  data: Ingredient[];
  meta: PageMeta;
};
export type IngredientListResponse = {
  data: Ingredient[];
};
export type IngredientSort = 'name' | '-name' | 'medication_count' | '-medication_count';
export type IngredientResponse = {
  data: Ingredient;
  message?: string;
};
export type IngredientCreate = {
  name: Name;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type IngredientUpdate = {
  id: Id;
  name: Name;
  /** Its standard codes; left out of an update, unchanged. */
  codes?: Codes;
  reason?: Reason;
};
export type Strength = number;
export type MedicationIngredientCreate = {
  medication_id: Id;
  ingredient_id: Id;
  amount?: Strength;
  amount_unit?: IngredientUnit;
  per_unit?: ProductUnit;
  reason?: Reason;
};
export type MedicationIngredientUpdate = {
  id: Id;
  amount?: Strength;
  amount_unit?: IngredientUnit;
  per_unit?: ProductUnit;
  reason?: Reason;
};
export type IngredientLimitCreate = {
  ingredient_id: Id;
  basis: 'age' | 'weight';
  category_id: Id;
  max_daily_amount: Strength;
  unit: IngredientLimitUnit;
  reason?: Reason;
};
export type IngredientLimitUpdate = {
  id: Id;
  max_daily_amount: Strength;
  unit: IngredientLimitUnit;
  reason?: Reason;
};
export type RenalFrequencyUnit = 'hours' | 'days' | 'weeks';
export type RenalRule = {
  id: Id;
  medication_id: Id;
  medication: NamedRef;
  renal_category_id: Id;
  renal_category: RenalCategory;
  avoid: boolean;
  min_dosage: number | null;
  max_dosage: number | null;
  dosage_unit: DosageUnit | null;
  max_daily_dosage: number | null;
  min_frequency: number | null;
  max_frequency: number | null;
  frequency_unit: RenalFrequencyUnit | null;
};
export type RenalRuleListResponse = {
  data: RenalRule[];
};
export type RenalRuleResponse = {
  data: RenalRule;
  message?: string;
};
export type PrescribedAmount = number;
export type RenalRuleCreate = {
  medication_id: Id;
  renal_category_id: Id;
  avoid?: boolean;
  min_dosage?: Amount;
  max_dosage?: PrescribedAmount;
  dosage_unit?: DosageUnit;
  max_daily_dosage?: PrescribedAmount;
  min_frequency?: PrescribedAmount;
  max_frequency?: PrescribedAmount;
  frequency_unit?: RenalFrequencyUnit;
  reason?: Reason;
};
export type RenalRuleUpdate = {
  id: Id;
  avoid?: boolean;
  min_dosage?: Amount;
  max_dosage?: PrescribedAmount;
  dosage_unit?: DosageUnit;
  max_daily_dosage?: PrescribedAmount;
  min_frequency?: PrescribedAmount;
  max_frequency?: PrescribedAmount;
  frequency_unit?: RenalFrequencyUnit;
  reason?: Reason;
};
export type AdminUser = {
  id: Id;
  name: string;
  email: string;
  role: Role;
  registered_at: Timestamp;
  last_active_at: Timestamp | null;
  search_count: number;
};
export type AdminUserListResponse = {
  data: AdminUser[];
  meta: PageMeta;
};
export type AdminUserSort =
  | 'name'
  | '-name'
  | 'email'
  | '-email'
  | 'registered_at'
  | '-registered_at'
  | 'last_active_at'
  | '-last_active_at'
  | 'search_count'
  | '-search_count';
export type SearchHistoryEntry = {
  id: Id;
  /** The medication searched, or null when it has since been deleted. */
  drug_id: Id | null;
  drug_name: string;
  searched_at: Timestamp;
};
export type SearchHistoryResponse = {
  data: SearchHistoryEntry[];
};
export type RecentDrug = {
  id: Id;
  name: string;
  created_at: Timestamp;
};
export type RecentSearch = {
  id: Id;
  user_id: Id;
  user_name: string;
  drug_id: Id | null;
  drug_name: string;
  searched_at: Timestamp;
};
export type DailyCount = {
  /** A calendar day, YYYY-MM-DD. */
  date: string;
  count: number;
};
export type DashboardStats = {
  /** The number of medications. */
  total_drugs: number;
  total_users: number;
  total_searches: number;
  active_today: number;
  recent_drugs: RecentDrug[];
  recent_searches: RecentSearch[];
  /** The last 30 days, oldest first and today last, days without searches included (count 0). */
  searches_per_day: DailyCount[];
  /** The IANA name of the time zone whose calendar days `active_today` and `searches_per_day` use. */
  time_zone: string;
};
export type DashboardStatsResponse = {
  data: DashboardStats;
};
export type Drug = {
  id: Id;
  name: string;
  description: string;
  dosage: string;
  side_effects: string[];
  contraindications: string[];
  category: string;
  manufacturer: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type DrugPageResponse = {
  data: Drug[];
  meta: PageMeta;
};
export type DrugListResponse = {
  data: Drug[];
};
export type DrugSort =
  | 'name'
  | '-name'
  | 'category'
  | '-category'
  | 'manufacturer'
  | '-manufacturer'
  | 'dosage'
  | '-dosage'
  | 'created_at'
  | '-created_at';
export type DrugResponse = {
  data: Drug;
  message?: string;
};
export type DrugText = string;
export type DrugTextList = string[];
export type DrugCreate = {
  name: Name;
  description: DrugText;
  dosage: Name;
  side_effects: DrugTextList;
  contraindications: DrugTextList;
  category: Name;
  manufacturer: Name;
  reason?: Reason;
};
export type DrugUpdate = {
  id: Id;
  name: Name;
  description: DrugText;
  dosage: Name;
  side_effects: DrugTextList;
  contraindications: DrugTextList;
  category: Name;
  manufacturer: Name;
  reason?: Reason;
};
export type SafetyVerdict = 'none' | 'minor' | 'moderate' | 'major' | 'contraindicated';
export type SafetyFindingKind =
  | 'interaction'
  | 'condition'
  | 'lifestyle'
  | 'pregnancy'
  | 'allergy'
  | 'duplicate_therapy'
  | 'duplicate_ingredient'
  | 'renal'
  | 'age_limit'
  | 'dose'
  | 'daily_dose'
  | 'frequency'
  | 'duration'
  | 'not_checked';
export type NotCheckedReason =
  | 'missing_weight'
  | 'missing_age'
  | 'no_band'
  | 'no_dosage'
  | 'unit_not_comparable'
  | 'missing_pregnancy_category'
  | 'missing_pregnancy_status'
  | 'no_rule_for_age'
  | 'not_prescribed'
  | 'missing_strength'
  | 'missing_egfr';
export type SafetyFinding = {
  kind: SafetyFindingKind;
  /** Null exactly when `kind` is `not_checked`. */
  severity: Severity | null;
  /** The medications concerned, by name; for `allergy`, the prescribed medication then the one the patient is allergic to (only the first when they are the same, or when the allergy is to a class). */
  medication_ids: Id[];
  message: string;
  interaction_id?: Id;
  /** On interactions; true when the interaction is flagged as an allergen. */
  allergen?: boolean;
  condition_id?: Id;
  lifestyle_id?: Id;
  pregnancy_category?: PregnancyCategory | null;
  /** On dose, frequency and duration findings, the dosage rule broken. */
  dosage_id?: Id;
  /** On dose, frequency and duration findings, and not_checked ones about a basis. */
  basis?: 'weight' | 'age';
  reason?: NotCheckedReason;
  /** On interaction and allergy findings that come from a class rule (an interaction of two classes, or a cross-sensitivity), the rule. */
  class_rule_id?: Id;
  /** On `duplicate_therapy` findings, the class; on allergy findings, the class the patient is allergic to. */
  drug_class_id?: Id;
  /** On `duplicate_ingredient` findings, the shared ingredient; on `daily_dose` and `not_checked` findings about an ingredient's total over the prescription, that ingredient. */
  ingredient_id?: Id;
  /** On `renal` findings, and dose, daily dose and frequency findings of a renal rule, the rule. */
  renal_rule_id?: Id;
};
export type SafetyAmount = {
  value: number;
  unit: string;
};
export type SafetyDosingCategory = {
  id: Id;
  category_name: string | null;
  min: number;
  max: number;
  unit: string;
};
export type SafetyRange = {
  min: number;
  max: number;
  unit: string;
};
export type SafetyComparison = {
  range: SafetyRange;
  prescribed: SafetyAmount | null;
  compared: {
    prescribed: number;
    min: number;
    max: number;
    unit: string;
  } | null;
  outcome: 'within' | 'above_max' | 'below_min' | 'too_often' | 'too_rarely' | 'not_checked';
  severity: Severity | null;
  reason: NotCheckedReason | null;
  message: string | null;
};
export type SafetyRuleApplied = {
  basis: 'weight' | 'age';
  dosage_id: Id;
  category: SafetyDosingCategory;
  label: string;
  dose: SafetyComparison;
  frequency: SafetyComparison;
  duration: SafetyComparison;
  /** The dose times the doses a day against the rule's `max_daily_dosage` (`range` from 0 to it); left out when the rule has no daily maximum. */
  daily?: SafetyComparison;
  /** The dose as an absolute amount (times the weight when prescribed per kg) against the rule's `max_dose` (`range` from 0 to it); left out when the rule has no single-dose maximum. Above it is a `dose` finding (major). */
  single_dose?: SafetyComparison;
};
export type SafetyMedicationResult = {
  medication_id: Id;
  name: string;
  prescribed: {
    dose: SafetyAmount | null;
    frequency: SafetyAmount | null;
    duration: SafetyAmount | null;
  };
  rules: SafetyRuleApplied[];
};
export type SafetyCheckResult = {
  /** The state of the reference data the check read: a release's number (the same check against the same release always gives the same answer), or `draft`. */
  release?: number | 'draft';
  verdict: SafetyVerdict;
  /** False whenever there is a not_checked finding. */
  complete: boolean;
  findings: SafetyFinding[];
  /** In the order of the findings (by name). */
  medications: SafetyMedicationResult[];
};
export type SafetyCheckResponse = {
  data: SafetyCheckResult;
};
export type SafetyCheckMedication = {
  medication_id: Id;
  dose?: PrescribedAmount;
  dose_unit?: DosageUnit;
  frequency?: PrescribedAmount;
  frequency_unit?: FrequencyUnit;
  duration?: PrescribedAmount;
  duration_unit?: DurationUnit;
};
export type PatientSex = 'female' | 'male';
export type SafetyCheckIdList = Id[];
export type SafetyCheckPatient = {
  age?: Amount;
  age_unit?: AgeUnit;
  weight?: Amount;
  weight_unit?: WeightUnit;
  /** Left out means not known: for a patient who is not male, aged 12 to 55 years or of an age not given, each prescribed medication of pregnancy category D or X is then a `not_checked` finding (`missing_pregnancy_status`). */
  pregnant?: boolean;
  sex?: PatientSex;
  condition_ids?: SafetyCheckIdList;
  lifestyle_ids?: SafetyCheckIdList;
  /** The medications the patient is allergic to. */
  allergy_medication_ids?: SafetyCheckIdList;
  /** The estimated glomerular filtration rate in mL/min/1.73 m²: the renal rules of the renal function category it falls in apply. */
  egfr?: Egfr;
  /** The drug classes the patient is allergic to ("penicillins"): every member is an allergy, and the class's cross-sensitivity rules apply. */
  allergy_class_ids?: SafetyCheckIdList;
};
export type SafetyCheckRequest = {
  medications?: SafetyCheckMedication[];
  /** The older form, without prescribed values (their checks are not_checked). */
  medication_ids?: Id[];
  patient?: SafetyCheckPatient;
};
export type DataQualityKind =
  | 'dosage_range_inverted'
  | 'category_range_inverted'
  | 'age_category_overlap'
  | 'weight_category_overlap'
  | 'missing_weight_dosage'
  | 'missing_age_dosage'
  | 'duplicate_interaction'
  | 'missing_pregnancy_category'
  | 'age_category_gap'
  | 'weight_category_gap'
  | 'coverage_gap'
  | 'dosage_unit_mixed'
  | 'zero_dose'
  | 'duplicate_medication_name'
  | 'pregnancy_x_without_contraindication'
  | 'class_rule_contradicted'
  | 'missing_strength'
  | 'no_child_rule'
  | 'renal_without_kidney_condition';
export type DataQualitySeverity = 'error' | 'warning' | 'info';
export type DataQualityFinding = {
  kind: DataQualityKind;
  severity: DataQualitySeverity;
  /** The record to fix. */
  entity:
    | 'medication'
    | 'weight_dosage'
    | 'age_dosage'
    | 'age_category'
    | 'weight_category'
    | 'drug_interaction';
  entity_id: Id;
  /** The other record of a pair (the overlapping or adjacent category, the duplicate interaction, the medication of the same name, the category a medication's dosages leave uncovered). */
  related_id?: Id;
  /** The medication a dosage or an interaction belongs to. */
  medication_id?: Id;
  message: string;
};
export type DataQualityPageResponse = {
  data: DataQualityFinding[];
  meta: PageMeta;
};
export type DataQualityResponse = {
  data: DataQualityFinding[];
};
export type DataQualitySort =
  'severity' | '-severity' | 'record' | '-record' | 'message' | '-message';
export type DataQualitySummary = {
  /** Every finding. */
  total: number;
  /** The findings of severity `error`. */
  error: number;
  /** The findings of severity `warning`. */
  warning: number;
  /** The findings of severity `info`. */
  info: number;
};
export type DataQualitySummaryResponse = {
  data: DataQualitySummary;
};
export type DependentItem = {
  id: Id;
  /** Dosages: the category ("Normal 50-80 kg"); contraindications: the condition; lifestyle contraindications: the lifestyle; interactions: the other medication. */
  name: string;
  /** Dosages: the dose range ("5-10 mg"); interactions: the severity; otherwise null. */
  detail: string | null;
};
export type DependentGroup = {
  /** How many there are in all. */
  total: number;
  /** At most `limit` of them, by name then id. */
  items: DependentItem[];
};
export type MedicationDependents = {
  id: Id;
  name: string;
  weight_dosages: DependentGroup;
  age_dosages: DependentGroup;
  contraindications: DependentGroup;
  lifestyle_contraindications: DependentGroup;
  interactions: DependentGroup;
  /** Its memberships of drug classes, by class name. */
  drug_classes: DependentGroup;
  /** What it contains, by ingredient name, with the strength as detail. The ingredients themselves stay. */
  ingredients: DependentGroup;
  /** Its rules per renal function category, with the dose (or "avoid") as detail. */
  renal_rules: DependentGroup;
  /** The class rules that name it as the other side of a class, by class name, with the severity as detail. */
  class_rules: DependentGroup;
};
export type MedicationDependentsResponse = {
  data: MedicationDependents;
};
export type Account = {
  id: Id;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  created_at: Timestamp;
  last_sign_in_at: Timestamp | null;
  active_sessions: number;
};
export type AccountListResponse = {
  data: Account[];
  meta: PageMeta;
};
export type AccountRoleFilter = 'admin' | 'editor' | 'viewer' | 'user' | 'pending';
export type AccountSort =
  | 'name'
  | '-name'
  | 'email'
  | '-email'
  | 'role'
  | '-role'
  | 'created_at'
  | '-created_at'
  | 'last_sign_in_at'
  | '-last_sign_in_at';
export type AccountResponse = {
  data: Account;
  message?: string;
};
export type AccountUpdate = {
  role?: RoleName;
  disabled?: boolean;
  reason?: Reason;
};
export type ResetLink = {
  /** The console path that sets a new password, `/reset-password?token=...`. */
  path: string;
  expires_at: Timestamp;
};
export type ResetLinkResponse = {
  data: ResetLink;
  message: string;
};
export type AuditActor = {
  /** The account that made the change. */
  id: Id;
  /** Its name when it made the change. */
  name: string;
};
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'revert'
  | 'password_change'
  | 'password_reset'
  | 'reset_link'
  | 'sessions_end';
export type AuditEntity =
  | 'condition'
  | 'age_category'
  | 'weight_category'
  | 'medication'
  | 'weight_dosage'
  | 'age_dosage'
  | 'contraindication'
  | 'lifestyle_contraindication'
  | 'drug_interaction'
  | 'lifestyle'
  | 'drug'
  | 'account'
  | 'test_prescription'
  | 'drug_class'
  | 'class_member'
  | 'class_rule'
  | 'ingredient'
  | 'medication_ingredient'
  | 'ingredient_limit'
  | 'renal_category'
  | 'renal_rule'
  | 'api_client';
export type AuditChange = {
  from?: any;
  to?: any;
};
export type AuditEntry = {
  id: Id;
  at: Timestamp;
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: Id;
  /** A readable name of the record, such as "Warfarin" or "Warfarin + Ibuprofen". */
  label: string;
  changes: {
    [key: string]: AuditChange;
  };
  reason: string | null;
  /** The entry this one undoes, or null. */
  reverts: Id | null;
  /** The entry that undid this one, or null. */
  reverted_by: Id | null;
};
export type AuditPageMeta = {
  /** How many entries match, on all pages; an estimate when `total_is_estimate` is true (never fewer than the entries up to this page, and one more when `has_more`). */
  total: number;
  /** True when counting every match would take too long (PostgreSQL expects over 2,000 matches, or the count takes over 20 ms), so `total` is PostgreSQL's estimate. */
  total_is_estimate: boolean;
  /** Whether a later page holds entries. */
  has_more: boolean;
  page: number;
  page_size: number;
};
export type AuditListResponse = {
  data: AuditEntry[];
  meta: AuditPageMeta;
};
export type AuditSort =
  'at' | '-at' | 'actor' | '-actor' | 'action' | '-action' | 'entity' | '-entity';
export type AuditEntryResponse = {
  data: AuditEntry;
  message?: string;
};
export type TestPrescriptionFinding = {
  kind: SafetyFindingKind;
  medication_ids: Id[];
  severity: Severity | null;
  interaction_id?: Id;
  condition_id?: Id;
  lifestyle_id?: Id;
  pregnancy_category?: PregnancyCategory | null;
  dosage_id?: Id;
  basis?: 'weight' | 'age';
  reason?: NotCheckedReason;
  class_rule_id?: Id;
  drug_class_id?: Id;
  ingredient_id?: Id;
  renal_rule_id?: Id;
};
export type TestPrescriptionOutcome = {
  verdict: SafetyVerdict;
  complete: boolean;
  findings: TestPrescriptionFinding[];
};
export type TestPrescriptionFloor = Severity | null;
export type TestPrescriptionStatus = 'pass' | 'worse' | 'changed';
export type TestPrescriptionLastResult = {
  status: TestPrescriptionStatus;
  run_at: Timestamp;
  /** The history entry of the change to the reference data that last altered this test's outcome, or null (never altered since it was saved). */
  audit_id: Id | null;
  /** That entry's label, such as "Warfarin + Ibuprofen", or null. */
  audit_label: string | null;
};
export type TestPrescription = {
  id: Id;
  name: string;
  note: string | null;
  request: SafetyCheckRequest;
  expected: TestPrescriptionOutcome;
  min_verdict: TestPrescriptionFloor;
  /** The prescribed medications with their names as they are now (a deleted one is left out). */
  medications: NamedRef[];
  /** The last run's result; null before the first run. */
  last_result: TestPrescriptionLastResult | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type TestPrescriptionSummary = {
  total: number;
  passing: number;
  worse: number;
  /** Changed in other ways than worse. */
  changed: number;
  not_run: number;
};
export type TestPrescriptionListResponse = {
  data: TestPrescription[];
  meta: TestPrescriptionSummary;
};
export type TestPrescriptionResponse = {
  data: TestPrescription;
  message?: string;
};
export type TestPrescriptionNote = string | null;
export type TestPrescriptionCreate = {
  name: Name;
  note?: TestPrescriptionNote;
  request: SafetyCheckRequest;
  /** Left out, the request's current outcome is stored as expected. */
  expected?: TestPrescriptionOutcome;
  /** Left out, no floor. */
  min_verdict?: TestPrescriptionFloor;
  reason?: Reason;
};
export type TestPrescriptionUpdate = {
  id: Id;
  name: Name;
  note?: TestPrescriptionNote;
  request: SafetyCheckRequest;
  /** Left out, the stored expected outcome is kept. */
  expected?: TestPrescriptionOutcome;
  /** Left out, the stored floor is kept; null removes it. */
  min_verdict?: TestPrescriptionFloor;
  reason?: Reason;
};
export type TestPrescriptionDifference = {
  kind:
    | 'finding_added'
    | 'finding_removed'
    | 'severity_changed'
    | 'verdict_changed'
    | 'complete_changed'
    | 'request_invalid'
    | 'below_floor';
  worse: boolean;
  finding?: TestPrescriptionFinding;
  from?: SafetyVerdict | boolean | null;
  to?: SafetyVerdict | boolean | null;
  message: string;
};
export type TestPrescriptionRunResult = {
  id: Id;
  name: string;
  status: TestPrescriptionStatus;
  expected: TestPrescriptionOutcome;
  /** Null when the request can no longer be checked (see `differences`). */
  actual: TestPrescriptionOutcome | null;
  /** From expected to actual; empty exactly when the status is `pass`. */
  differences: TestPrescriptionDifference[];
};
export type TestPrescriptionRunResponse = {
  data: TestPrescriptionRunResult[];
  meta: TestPrescriptionSummary;
};
export type TestPrescriptionRunRequest = {
  /** The tests to run; left out, all of them. */
  ids?: Id[];
};
export type TestPrescriptionAccept = {
  /** Why the new outcome is right; kept in the history entry. */
  reason: string;
};
export type TestPrescriptionImpact = {
  id: Id;
  name: string;
  /** Whether the test would pass after the write. */
  status: TestPrescriptionStatus;
  before: TestPrescriptionOutcome | null;
  after: TestPrescriptionOutcome | null;
  /** From the outcome now to the outcome after the write; never empty. */
  differences: TestPrescriptionDifference[];
};
export type TestPrescriptionImpactResult = {
  /** How many test prescriptions were run. */
  total: number;
  /** How many the write would alter. */
  altered: number;
  /** How many of those would then be `worse` than expected. */
  worse: number;
  /** The altered tests, by name. */
  tests: TestPrescriptionImpact[];
};
export type TestPrescriptionImpactResponse = {
  data: TestPrescriptionImpactResult;
};
export type ReferenceWriteOperation =
  | 'createCondition'
  | 'updateCondition'
  | 'deleteCondition'
  | 'createMedication'
  | 'updateMedication'
  | 'deleteMedication'
  | 'addWeightBasedDosage'
  | 'addAgeBasedDosage'
  | 'updateWeightBasedDosage'
  | 'updateAgeBasedDosage'
  | 'addContraindication'
  | 'removeContraindication'
  | 'createAgeCategory'
  | 'updateAgeCategory'
  | 'deleteAgeCategory'
  | 'createWeightCategory'
  | 'updateWeightCategory'
  | 'deleteWeightCategory'
  | 'createDrugInteraction'
  | 'updateDrugInteraction'
  | 'deleteDrugInteraction'
  | 'createLifestyle'
  | 'updateLifestyle'
  | 'deleteLifestyle'
  | 'createLifestyleContraindication'
  | 'updateLifestyleContraindication'
  | 'deleteLifestyleContraindication'
  | 'createRenalCategory'
  | 'updateRenalCategory'
  | 'deleteRenalCategory'
  | 'createDrugClass'
  | 'updateDrugClass'
  | 'deleteDrugClass'
  | 'addDrugClassMember'
  | 'removeDrugClassMember'
  | 'createClassRule'
  | 'updateClassRule'
  | 'deleteClassRule'
  | 'createIngredient'
  | 'updateIngredient'
  | 'deleteIngredient'
  | 'addMedicationIngredient'
  | 'updateMedicationIngredient'
  | 'removeMedicationIngredient'
  | 'addIngredientLimit'
  | 'updateIngredientLimit'
  | 'removeIngredientLimit'
  | 'createRenalRule'
  | 'updateRenalRule'
  | 'deleteRenalRule'
  | 'revertAuditEntry';
export type TestPrescriptionImpactRequest = {
  operation: ReferenceWriteOperation;
  /** The write's path parameters, for the writes addressed by path. */
  params?: {
    id?: Id;
  };
  /** The write's body, exactly as the write takes it (validated by the write itself). */
  body?: any;
};
export type TestPrescriptionPortable = {
  name: Name;
  note?: TestPrescriptionNote;
  request: SafetyCheckRequest;
  expected: TestPrescriptionOutcome;
  /** Left out, no floor (an update by name keeps the stored one). */
  min_verdict?: TestPrescriptionFloor;
};
export type TestPrescriptionExport = TestPrescriptionPortable[];
export type TestPrescriptionImportResponse = {
  data: {
    created: number;
    updated: number;
  };
  message: string;
};
export type TestPrescriptionImport = TestPrescriptionPortable[];
export type Release = {
  number: number;
  title: string;
  notes: string;
  published_by: Id | null;
  published_by_name: string;
  published_at: Timestamp;
  effective_at: Timestamp;
  in_effect: boolean;
  /** The newest release in effect. */
  latest: boolean;
};
export type ReleasePageResponse = {
  data: Release[];
  meta: PageMeta;
};
export type ReleaseResponse = {
  data: Release;
  message: string;
};
export type PublishBlocker = {
  kind: 'scheduled' | 'unreviewed' | 'test_prescription' | 'data_quality';
  message: string;
  entity?: AuditEntity;
  entity_id?: Id;
  test_prescription_id?: Id;
};
export type PublishRefused = {
  message: string;
  blockers: PublishBlocker[];
};
export type PublishRequest = {
  title: string;
  notes?: string;
  /** When it takes effect; now when left out. A past instant means now. */
  effective_at?: Timestamp;
};
export type ReleaseStatus = {
  /** The newest release in effect, or null before any. */
  latest: Release | null;
  /** The newest release when it is not in effect yet, or null. */
  scheduled: Release | null;
  /** The number of the newest release, in effect or not (the draft's base), or null. */
  newest: number | null;
  /** Records changed since the newest release. */
  changes: number;
  /** Those of them not approved. */
  awaiting_review: number;
};
export type ReleaseStatusResponse = {
  data: ReleaseStatus;
};
export type ReleaseReadinessResponse = {
  data: {
    blockers: PublishBlocker[];
    test_prescriptions: {
      id: Id;
      name: string;
      status: string;
      /** A pass */
      passes: boolean;
    }[];
    data_quality: {
      draft_errors: number;
      /** On the latest release; null before any. */
      release_errors: number | null;
    };
  };
};
export type ReleaseRecordChange = {
  id: Id;
  fields: {
    [key: string]: {
      from?: any;
      to?: any;
    };
  };
};
export type ReleaseEntityDiff = {
  entity: string;
  added: {
    [key: string]: any;
  }[];
  changed: ReleaseRecordChange[];
  removed: {
    [key: string]: any;
  }[];
};
export type ReleaseCompareResponse = {
  data: {
    from: string;
    to: string;
    entities: ReleaseEntityDiff[];
  };
};
export type ReleaseRef = string;
export type ReleaseCount = {
  /** The reference table. */
  entity: string;
  added: number;
  changed: number;
  removed: number;
};
export type ReleaseDetailResponse = {
  data: Release & {
    counts: ReleaseCount[];
  };
};
export type ReleaseChangesResponse = {
  data: AuditEntry[];
  meta: PageMeta;
};
export type RestoreResponse = {
  data: {
    changes: number;
  };
  message: string;
};
export type ReviewDecision = {
  decision: 'approved' | 'rejected';
  reviewer_name: string;
  comment: string;
  at: Timestamp;
};
export type PendingChange = {
  entity: AuditEntity;
  entity_id: Id;
  label: string;
  /** What the draft did to the release's record, net. */
  action: 'create' | 'update' | 'delete';
  /** The record in the newest release; null for a create. */
  before:
    | {
        [key: string]: any;
      }
    | {
        [key: string]: any;
      };
  /** The record in the draft; null for a delete. */
  after:
    | {
        [key: string]: any;
      }
    | {
        [key: string]: any;
      };
  /** The fields whose values differ. */
  fields: string[];
  /** Who changed it since the newest release, with each change. */
  authors: {
    entry_id: Id;
    actor_id: number;
    actor_name: string;
    action: AuditAction;
    at: Timestamp;
  }[];
  /** The approval in force, or null while it awaits review. */
  review: ReviewDecision | null;
};
export type PendingChangeListResponse = {
  data: PendingChange[];
};
export type PendingChangeResponse = {
  data: PendingChange;
  message: string;
};
export type ReviewRequest = {
  entity: AuditEntity;
  entity_id: Id;
  comment?: string;
};
export type ImportEntity =
  | 'conditions'
  | 'lifestyles'
  | 'drug-interactions'
  | 'ingredients'
  | 'drug-classes'
  | 'medications'
  | 'age-categories'
  | 'weight-categories'
  | 'renal-categories'
  | 'renal-rules'
  | 'class-rules';
export type ImportError = {
  /** The row, as a spreadsheet counts it (the header is row 1); 1 for the header itself. In a FHIR Bundle, the entry's position in `Bundle.entry`, from 1. */
  row: number;
  /** The column, as the header names it; `file` for a problem of the whole file. In a FHIR Bundle, the element (`MedicationKnowledge.code`), or the column of the row it became. */
  field: string;
  message: string;
  /** In a FHIR Bundle, the entity whose row it is (none for the Bundle's shape). */
  entity?: ImportEntity;
};
export type ImportRow = {
  /** The row, as for ImportError (at least 2 in a CSV file). */
  row: number;
  /** In a FHIR Bundle, the entity whose row it is. */
  entity?: ImportEntity;
  /** The record it matches; none for a create. */
  id?: Id;
  label: string;
  /** A change's fields, each before and after (by column name). */
  changes?: {
    [key: string]: {
      before: any;
      after: any;
    };
  };
};
export type ImportResult = {
  /** The entity of a CSV file, or `fhir-bundle` for a FHIR Bundle. */
  entity: ImportEntity | 'fhir-bundle';
  dry_run: boolean;
  /** True when the import was stored. */
  stored: boolean;
  /** The data rows read (in a FHIR Bundle, its entries). */
  rows: number;
  /** Exact counts, however many rows the lists below hold. */
  counts: {
    errors: number;
    created: number;
    changed: number;
    unchanged: number;
  };
  /** The first 1,000 errors, by row. */
  errors: ImportError[];
  /** The first 1,000 rows that create a record. */
  created: ImportRow[];
  /** The first 1,000 rows that change a record, with the fields they change. */
  changed: ImportRow[];
  /** The first 1,000 rows that match a record as it is. */
  unchanged: ImportRow[];
  /** The test prescriptions whose outcome the import alters (a dry run of a file without errors); null otherwise. */
  tests: TestPrescriptionImpactResult | null;
};
export type ImportResponse = {
  data: ImportResult;
  message: string;
};
export type ImportRefused = {
  message: string;
  errors?: {
    [key: string]: string[];
  };
  /** The preview, with every error; present when the file itself has errors. */
  data?: ImportResult;
};
export type CdsAlertRuleKind =
  | 'interaction'
  | 'class_rule'
  | 'condition'
  | 'lifestyle'
  | 'pregnancy'
  | 'allergy'
  | 'dosage'
  | 'renal_rule'
  | 'ingredient_limit'
  | 'age_limit'
  | 'duplicate_class'
  | 'duplicate_ingredient'
  | 'not_checked';
export type CdsAlertRule = {
  rule_kind: CdsAlertRuleKind;
  record_id: number | null;
  /** The medication the rule was found on, for a link to its page. */
  medication_id: number | null;
  label: string;
  fired: number;
  accepted: number;
  overridden: number;
  /** The most given override reasons, most given first (at most 3). */
  override_reasons: {
    code?: string | null;
    display: string;
    count: number;
  }[];
};
export type CdsAlertsResponse = {
  data: CdsAlertRule[];
};
export type ApiClient = {
  id: Id;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};
export type ApiClientListResponse = {
  data: ApiClient[];
};
export type ApiClientCreatedResponse = {
  data: ApiClient & {
    /** The bearer token for the CDS Hooks calls, shown only in this answer. */
    secret: string;
  };
  message: string;
};
export type ApiClientCreateRequest = {
  name: string;
};
export type ApiClientResponse = {
  data: ApiClient;
  message: string;
};
export const {
  useRegisterMutation,
  useLoginMutation,
  useGetMeQuery,
  useLogoutMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useListMySessionsQuery,
  useEndOtherSessionsMutation,
  useListConditionsQuery,
  useCreateConditionMutation,
  useUpdateConditionMutation,
  useGetConditionQuery,
  useDeleteConditionMutation,
  useListMedicationsQuery,
  useCreateMedicationMutation,
  useGetMedicationQuery,
  useUpdateMedicationMutation,
  useDeleteMedicationMutation,
  useAddWeightBasedDosageMutation,
  useAddAgeBasedDosageMutation,
  useUpdateWeightBasedDosageMutation,
  useUpdateAgeBasedDosageMutation,
  useAddContraindicationMutation,
  useRemoveContraindicationMutation,
  useListAgeCategoriesQuery,
  useCreateAgeCategoryMutation,
  useUpdateAgeCategoryMutation,
  useGetAgeCategoryQuery,
  useDeleteAgeCategoryMutation,
  useListRenalCategoriesQuery,
  useCreateRenalCategoryMutation,
  useUpdateRenalCategoryMutation,
  useGetRenalCategoryQuery,
  useDeleteRenalCategoryMutation,
  useListWeightCategoriesQuery,
  useCreateWeightCategoryMutation,
  useUpdateWeightCategoryMutation,
  useGetWeightCategoryQuery,
  useDeleteWeightCategoryMutation,
  useListDrugInteractionsQuery,
  useCreateDrugInteractionMutation,
  useUpdateDrugInteractionMutation,
  useDeleteDrugInteractionMutation,
  useGetDrugInteractionQuery,
  useListLifestylesQuery,
  useCreateLifestyleMutation,
  useUpdateLifestyleMutation,
  useDeleteLifestyleMutation,
  useGetLifestyleQuery,
  useListLifestyleContraindicationsQuery,
  useCreateLifestyleContraindicationMutation,
  useUpdateLifestyleContraindicationMutation,
  useDeleteLifestyleContraindicationMutation,
  useListDrugClassesQuery,
  useCreateDrugClassMutation,
  useUpdateDrugClassMutation,
  useDeleteDrugClassMutation,
  useGetDrugClassQuery,
  useAddDrugClassMemberMutation,
  useRemoveDrugClassMemberMutation,
  useListClassRulesQuery,
  useCreateClassRuleMutation,
  useUpdateClassRuleMutation,
  useDeleteClassRuleMutation,
  useGetClassRuleQuery,
  useListIngredientsQuery,
  useCreateIngredientMutation,
  useUpdateIngredientMutation,
  useDeleteIngredientMutation,
  useGetIngredientQuery,
  useAddMedicationIngredientMutation,
  useUpdateMedicationIngredientMutation,
  useRemoveMedicationIngredientMutation,
  useAddIngredientLimitMutation,
  useUpdateIngredientLimitMutation,
  useRemoveIngredientLimitMutation,
  useListRenalRulesQuery,
  useCreateRenalRuleMutation,
  useUpdateRenalRuleMutation,
  useDeleteRenalRuleMutation,
  useListUsersQuery,
  useGetUserSearchHistoryQuery,
  useGetDashboardStatsQuery,
  useListDrugsQuery,
  useCreateDrugMutation,
  useUpdateDrugMutation,
  useGetDrugQuery,
  useDeleteDrugMutation,
  useSafetyCheckMutation,
  useGetDataQualityQuery,
  useGetDataQualitySummaryQuery,
  useGetMedicationDependentsQuery,
  useListAccountsQuery,
  useUpdateAccountMutation,
  useCreateResetLinkMutation,
  useEndAccountSessionsMutation,
  useListAuditEntriesQuery,
  useGetAuditEntryQuery,
  useRevertAuditEntryMutation,
  useListTestPrescriptionsQuery,
  useCreateTestPrescriptionMutation,
  useUpdateTestPrescriptionMutation,
  useGetTestPrescriptionQuery,
  useDeleteTestPrescriptionMutation,
  useRunTestPrescriptionsMutation,
  useRunTestPrescriptionMutation,
  useAcceptTestPrescriptionMutation,
  usePreviewTestPrescriptionImpactMutation,
  useExportTestPrescriptionsQuery,
  useImportTestPrescriptionsMutation,
  useListReleasesQuery,
  usePublishReleaseMutation,
  useGetReleaseStatusQuery,
  useGetReleaseReadinessQuery,
  useCompareReleasesQuery,
  useGetReleaseQuery,
  useCancelReleaseMutation,
  useListReleaseChangesQuery,
  useRestoreReleaseMutation,
  useListPendingChangesQuery,
  useApproveChangeMutation,
  useImportReferenceDataMutation,
  useRejectChangeMutation,
  useGetCdsAlertsQuery,
  useListApiClientsQuery,
  useCreateApiClientMutation,
  useRevokeApiClientMutation,
} = injectedRtkApi;
