from django.db import models


class Table(models.Model):
    """A physical table at the venue; games refer to it by number."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    label = models.CharField(max_length=80, blank=True)
    # Tournament Companion layout 1..4; its geometry is only known as a picture.
    terrain_layout = models.PositiveSmallIntegerField(null=True, blank=True)
    accessible = models.BooleanField(default=False)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="table_unique_number"),
        ]

    def __str__(self) -> str:
        return self.label or f"Table {self.number}"
