"""Printing pages and endpoints; included at the site root."""

from django.urls import path

from tournament.views import printing

urlpatterns = [
    path("events/<int:event_id>/print/", printing.print_page, name="print-event"),
    path(
        "events/<int:event_id>/print/round/<int:number>/", printing.print_page, name="print-round"
    ),
    path("events/<int:event_id>/print/jobs/", printing.print_job_start, name="print-job-start"),
    path("print-jobs/<int:job_id>/status/", printing.print_job_progress, name="print-job-status"),
    path("print-jobs/<int:job_id>/retry/", printing.print_job_retry_view, name="print-job-retry"),
    path(
        "print-jobs/<int:job_id>/download/", printing.print_job_download, name="print-job-download"
    ),
]
