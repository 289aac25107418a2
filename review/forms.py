from django import forms

from anonymizer import ingest

from . import audio
from .models import Corpus


def accepted_suffixes() -> str:
    """The file chooser's ``accept``: every type the import reads (it hid recordings and their transcripts)."""
    sounds, aligned = audio.suffixes()
    return ",".join((*ingest.SUFFIXES, *sounds, *aligned))


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files; an empty one is no error of the whole upload: the import refuses it by its
    name and imports the others (``services.importing``: "empty file")."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": accepted_suffixes()}))
        kwargs.setdefault("allow_empty_file", True)
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        single = super().clean
        if isinstance(data, (list, tuple)):
            return [single(d, initial) for d in data]
        return [single(data, initial)]


class UploadForm(forms.Form):
    corpus = forms.ModelChoiceField(queryset=Corpus.objects.all(), empty_label="— choose a corpus —",
                                    help_text="The documents join it: its whitelist, tag style and language apply.")
    files = MultipleFileField(help_text="PDF transcripts, UTF-8 text files or recordings (WAV, FLAC, MP3, M4A/AAC, "
                                        "OGG/Opus; a .vtt, .srt or Whisper .json of the same name beside one is used "
                                        "instead of speech recognition); several at once.")


class CorpusForm(forms.ModelForm):
    double_annotation = forms.FloatField(
        required=False, min_value=0.0, max_value=1.0, initial=0.0, label="Share annotated twice",
        help_text="0 to 1: the share of documents annotated twice, independently, to measure agreement.",
    )

    #: the whitelist as this form showed it: terms stored since (a reviewer's *whitelist* action, an
    #: import) are kept by :meth:`keep_added_meanwhile`, not overwritten by the text the page still held
    whitelist_shown = forms.CharField(required=False, strip=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("audio_mask", "audio_format"):  # recordings: a form without them keeps the default
            self.fields[name].required = False
        self.fields["whitelist_shown"].initial = self.instance.whitelist_terms if self.instance.pk else ""

    def keep_added_meanwhile(self) -> tuple[str, ...]:
        """Add to the form's whitelist the terms stored since the form was shown (the corpus row locked
        until the caller's transaction ends); returns them. Terms the admin removed stay removed."""
        if self.instance.pk is None or "whitelist_shown" not in self.data:
            return ()
        stored = Corpus.objects.select_for_update().get(pk=self.instance.pk).whitelist()
        shown = Corpus(whitelist_terms=self.data["whitelist_shown"]).whitelist()
        known = {t.casefold() for t in (*shown, *self.instance.whitelist())}
        added = tuple(dict.fromkeys(t for t in stored if t.casefold() not in known))
        if added:
            self.instance.whitelist_terms = "\n".join((*self.instance.whitelist(), *added))
        return added

    def clean_double_annotation(self) -> float:
        return self.cleaned_data.get("double_annotation") or 0.0

    def clean_audio_mask(self) -> str:
        return self.cleaned_data.get("audio_mask") or (self.instance.audio_mask if self.instance.pk else "tone")

    def clean_audio_format(self) -> str:
        return self.cleaned_data.get("audio_format") or (self.instance.audio_format if self.instance.pk else "wav")

    class Meta:
        model = Corpus
        fields = ("name", "language", "tag_style", "consistent_pseudonyms", "double_annotation", "whitelist_terms",
                  "audio_mask", "audio_format")
        widgets = {"whitelist_terms": forms.Textarea(attrs={"rows": 8})}


class AssignForm(forms.Form):
    """Bulk assignment from the document list: the chosen documents to one person, or to nobody."""

    documents = forms.ModelMultipleChoiceField(queryset=None)
    assignee = forms.ModelChoiceField(queryset=None, required=False)

    def __init__(self, *args, **kwargs):
        from django.contrib.auth import get_user_model

        from .models import Document

        super().__init__(*args, **kwargs)
        self.fields["documents"].queryset = Document.objects.all()
        self.fields["assignee"].queryset = get_user_model().objects.filter(is_active=True).order_by("username")


ROLE_CHOICES = [("annotator", "Annotator"), ("reviewer", "Reviewer (second look)"), ("admin", "Admin")]


class UserCreateForm(forms.Form):
    """A new user: without a password it is an invite (a one-time set-password link is shown once)."""

    username = forms.CharField(max_length=150)
    email = forms.EmailField(required=False)
    role = forms.ChoiceField(choices=ROLE_CHOICES, initial="annotator")
    password = forms.CharField(
        required=False, strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="Leave empty to invite: you get a one-time link to pass on, and the user chooses the password.",
    )

    def clean_username(self) -> str:
        from django.contrib.auth import get_user_model
        from django.contrib.auth.validators import UnicodeUsernameValidator

        username = get_user_model().normalize_username(self.cleaned_data["username"].strip())
        UnicodeUsernameValidator()(username)
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError("A user with that username already exists.")
        return username

    def clean(self):
        from django.contrib.auth import password_validation

        from django.contrib.auth import get_user_model

        data = super().clean()
        if data.get("password"):  # checked against the new user's name and email too
            person = get_user_model()(username=data.get("username", ""), email=data.get("email", ""))
            try:
                password_validation.validate_password(data["password"], person)
            except forms.ValidationError as error:
                self.add_error("password", error)
        return data


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=ROLE_CHOICES)
