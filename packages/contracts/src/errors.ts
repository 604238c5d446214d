/**
 * The error catalogue: every message key the API or a form can produce (spec §5 and §8).
 * The server sends the key with an English fallback text; the web app translates the key.
 */
export const ERROR_MESSAGES = {
  // §5 form rules
  'error.notNull': 'This field must not be empty.',
  'error.nonEmptyList': 'Add at least one entry.',
  'error.empty': 'This field is required.',
  'error.number': 'Please enter a number greater than or equal to 0.',
  'error.float': 'Please enter a number greater than or equal to 0 (decimals with a point).',
  'error.email': 'Please enter a valid e-mail address.',
  'error.min2': 'Please enter at least 2 characters.',
  'error.min4': 'Please enter at least 4 characters.',
  'error.min5': 'Please enter at least 5 characters.',
  'error.min6': 'Please enter at least 6 characters.',
  'error.min8': 'Please enter at least 8 characters.',
  'error.zip': 'Please enter a valid zip code (5 digits or 5-4 digits).',
  'error.passmatch': 'The passwords do not match.',
  'error.weakPassword': 'This password is too easy to guess. Please choose a longer, less common one.',
  'error.currentPasswordWrong': 'The current password is not correct.',
  'error.invalid': 'This value is not valid.',
  'error.tooLong': 'This value is too long.',
  'error.ratioIdRequired': 'Ratio Kennziffer ist zwingend erforderlich',
  'error.emailExists': 'This e-mail address already exists in this list.',
  'error.nameExists': 'This name is already taken.',
  'error.emailNotExists': 'This e-mail address does not exist.',
  'error.templateExists': 'This template already exists.',
  'error.imageExists': 'This image already exists in the folder.',
  'error.imageInUse': 'This image is still used.',
  'error.pushAlreadySent': 'This message has already been sent and cannot be sent again.',
  'error.noReceivers': 'No traveller receives this message.',
  'error.surveyAlreadyAnswered': 'You have already answered this survey.',
  'error.surveyClosed': 'This survey is no longer open.',
  'error.questionInUse': 'This question is used in a survey and cannot be deleted.',
  'error.answerRequired': 'Please answer this question.',
  'error.answerOutOfRange': 'This answer is outside the allowed range.',
  'error.customerHasBookings': 'This customer has bookings and cannot be deleted.',
  'error.customerHasAccount': 'This customer has a login account. Remove the account first.',
  'error.customerHasOpenBookings':
    'This customer has a booking that is not yet travelled or not yet settled; anonymise after it is completed.',
  'error.confirmRequired': 'Please confirm this action.',
  'error.organizationInUse': 'This agency still has users or customers and cannot be deleted.',
  'error.driverHasPassword': 'This driver has already chosen a password; an invitation is no longer needed.',
  'error.termsRequired': 'Please accept the terms and the privacy policy.',
  'error.uploadType': 'This file type is not allowed.',
  'error.uploadSize': 'The file is too big.',
  'error.termincodeExists': 'This date code is already used in this journey.',
  'error.slugExists': 'This URL slug is already used by another journey.',
  'error.dateTillBeforeFrom': 'The end date must not be before the start date.',
  'error.journeyDuration': 'A journey lasts 1 to 14 days.',
  'error.journeyHasBookings': 'This journey has dates with bookings and cannot be deleted.',
  'error.boardingPointInUse': 'This boarding point is still used and cannot be deleted.',
  'error.categoryInUse': 'This category is still used by journeys and cannot be deleted.',
  'error.blogTypeInUse': 'This blog type is still used by posts and cannot be deleted.',
  'error.systemBlogType': 'A system blog type cannot be deleted.',
  'error.contentCategoryInUse': 'This content category still has pages and cannot be deleted.',
  'error.destinationInUse': 'This destination is still used by journeys and cannot be deleted.',
  'error.uploadName': 'The file name is not allowed.',
  // booking core (issue #10)
  'error.soldOut': 'There are no more free places for this booking on this date.',
  'error.seatTaken': 'This seat is already taken.',
  'error.seatUnavailable': 'This seat cannot be booked: it is blocked or not a seat.',
  'error.seatLabelDuplicate': 'This seat number is used twice in the plan.',
  'error.idempotencyKeyReused': 'This Idempotency-Key was already used for a different request.',
  'error.versionConflict': 'This booking was changed by someone else in the meantime. Please reload it.',
  'error.departureNotBookable': 'This date cannot be booked.',
  'error.stopNotOnDate': 'This boarding point is not offered on this date.',
  'error.bookingCancelled': 'This booking is cancelled and can no longer be changed.',
  'error.statusTransition': 'This status change is not possible.',
  'error.capacityBelowHeld': 'The capacity cannot be lower than what is already booked.',
  'error.transportInUse': 'This coach still carries booked travellers.',
  'error.travelStopInUse': 'Travellers still board at this stop.',
  'error.dateHasBookings': 'This date has bookings and cannot be removed.',
  'error.addressExists': 'A customer with this customer number (Kennziffer) already exists.',
  // bookings back office (issue #11)
  'error.paymentExceedsOpen': 'This payment is larger than the open amount.',
  'error.invoiceCurrent': 'An invoice for this booking as it stands has already been issued.',
  'error.nothingToInvoice': 'This booking has nothing to invoice yet (only options and firm bookings are invoiced).',
  'error.participantCancelled': 'This participant is already cancelled.',
  'error.participantNotInBooking': 'This participant does not belong to this booking.',
  'error.insuranceUnknown': 'This insurance is not offered.',
  'error.dunningNotDue': 'No payment reminder is due for this booking.',
  'error.eInvoiceAddressMissing':
    'An XRechnung in UBL needs the e-mail address of the seller (the brand) and of the buyer. Please add it or choose another format.',
  // agency portal (issue #12)
  'error.rateDuplicate': 'There is already a rate for this category.',
  // traveller and driver app (issue #13)
  'error.shareRequestPending': 'You have already asked for this trip. Please wait until the booker confirms it.',
  'error.ticketInvalid': 'This ticket is not valid for this departure.',
  'error.notYourDeparture': 'You are not the driver of this coach.',
  // newsletter templates (issue #14)
  'error.templateInUse': 'This template is still used by campaigns and cannot be deleted.',
  'error.mjmlInvalid': 'The MJML of this template has errors.',
  'error.unsubscribeMissing': 'A marketing template must contain the unsubscribe link (placeholder unsubscribe_url).',
  // newsletter campaigns (issue #14)
  'error.listNotCertified': 'Only certified, active contact lists can be used for sending.',
  'error.campaignNotEditable': 'Only draft or scheduled campaigns can be changed.',
  'error.campaignNoTemplate': 'Please choose a template for this campaign.',
  'error.campaignNoLists': 'Please choose at least one contact list.',
  'error.campaignNoSubject': 'Please enter a subject.',
  'error.scheduleInPast': 'The planned time must lie in the future.',
  // §8 error pages
  'error.forbiddenTitle': 'Forbidden',
  'error.forbiddenText': 'You have no permission to view this page.',
  'error.pageNotFoundTitle': 'Page not found',
  'error.pageNotFoundText': 'This page could not be found',
  'error.stepReturn': 'Back to home',
  'error.errorOccurred': 'An error occurred',
  // §8 messages
  'error.loginFailed': 'Login failed, please try again.',
  'error.invalidCredentials': 'E-mail/password combination invalid.',
  'error.userNotFound': 'No user found with this e-mail address.',
  'error.verificationCodeIncorrect': 'Verification code incorrect.',
  'error.mailSendFailed': 'Error sending mail.',
  'error.actionFailed': 'Action failed.',
  'error.actionLinkInvalid': 'Action link invalid.',
  'error.userExists': 'User already exists.',
  'error.bookingNotFound': 'Booking not found. Please check the booking number or register normally.',
  'error.bookingNoEmail': 'No e-mail address is stored for this booking.',
  'error.userHasAccount': 'This user already has an account. Please use "forgot password".',
  'error.deletionCodeInvalid': 'Deletion code not assignable.',
  'error.imageLicensing': 'Image licensing error.',
  'error.stockNotConfigured': 'Stock images are not set up: no Adobe Stock API key is configured.',
  'error.licenceInProgress': 'This image is being licensed right now.',
  'error.imageUpload': 'Image upload failed.',
  'error.bookingMailFailed': 'The booking e-mail could not be sent.',
  'error.notFound': 'Not found.',
  'error.forbidden': 'You do not have permission for this action.',
  'error.unexpected': 'An unexpected error occurred.',
  'error.syncConflict': 'The data on the server is more up to date; please sync in the app.',
  'error.processInProgress': 'The process cannot be edited because it is already in progress.',
  // API infrastructure
  'error.routeNotFound': 'This API route does not exist.',
  'error.unauthorized': 'Please log in.',
  'error.tokenInvalid': 'Your session has expired. Please log in again.',
  'error.accountDisabled': 'This account is disabled.',
  'error.tooManyRequests': 'Too many attempts. Please wait a moment and try again.',
  'error.invalidQuery': 'The request contains an invalid parameter.',
  'error.invalidSort': 'This field cannot be used for sorting.',
  'error.invalidSelect': 'This field cannot be selected.',
  'error.invalidFilter': 'This field cannot be used as a filter.',
  'error.badRequest': 'The request is not valid.',
  'error.payloadTooLarge': 'The request is too large.',
  'error.conflict': 'The record is still in use and cannot be deleted.',
  // newsletter contacts (issue 14)
  'error.contactExists': 'A contact with this e-mail address already exists.',
  'error.listExists': 'A contact list with this name already exists.',
  'error.certifyAll': 'Please confirm all five statements.',
  'error.importFile': 'The file could not be read. Please upload a CSV or Excel (.xlsx) file with a header row.',
  'error.importStarted': 'This import has already been started.',
  'error.optinInvalid': 'This confirmation link is invalid, already used or expired.',
  'error.serviceUnavailable': 'The service is temporarily unavailable.',
  // website menus (issue 15)
  'error.link': 'This link does not fit its link type (http/https, mailto:, tel:, a path starting with / or an id).',
  'error.menuCycle': 'An item cannot be placed below itself or one of its sub-items.',
  'error.menuDepth': 'Menus can be nested at most three levels deep.',
  'error.menuItems': 'The order must list every item of this menu exactly once, and only its items.',
  // mail image proxy (issue 17)
  'error.mailImageSignature': 'This image link is invalid or has expired. Please open the message again.',
  'error.mailImageUrl': 'Only http and https images can be loaded.',
  'error.mailImageAddress': 'This image is on a private or local network address and is not loaded.',
  'error.mailImageRedirects': 'The image server redirected too often.',
  'error.mailImageFetch': 'The image could not be loaded from its server.',
  'error.mailImageType': 'The server did not answer with an image.',
  'error.mailImageTooLarge': 'The image is too large.',
} as const;

export type ErrorKey = keyof typeof ERROR_MESSAGES;

export const ERROR_KEYS = Object.keys(ERROR_MESSAGES) as ErrorKey[];

export const isErrorKey = (value: unknown): value is ErrorKey =>
  typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);

/** One invalid field of a request: `field` is a dotted path into the body/query (`phones.0.value`). */
export type FieldError = { field: string; key: string; message: string };

/** What still uses a record whose delete was refused (409), by kind: `{ groups: [{ id, name }], journeys: [{ id, title }] }`. */
export type ErrorUsage = Record<string, Array<{ id: number; name?: string; title?: string }>>;

/** Every error response of the API has this shape. */
export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  key: string;
  errors?: FieldError[];
  usage?: ErrorUsage;
};
